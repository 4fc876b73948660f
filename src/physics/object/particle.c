/* acphys — retail Particle::Init and Particle::Update (PORTAL/cphysobj/CParticleEmitter.c), every
 * ParticleType retail moves. Float stores as the decompilation's ST*_4 temporaries have them;
 * cos and sin are the deterministic acp_cos / acp_sin (mathx.h). See particles.h. */
#include "particles.h"

#include "physics/geometry/mathx.h"
#include "physics/world/physics.h"

/* Retail Particle::Init's offset: (parent_offset.origin + offset) turned by the start frame's
 * matrix (m_fl2gv), in double, each component stored as a float. */
static acp_vec3 start_offset(const acp_frame *f, const acp_frame *parent_offset, acp_vec3 o)
{
    double x = (double)o.x + parent_offset->origin.x;
    double y = (double)parent_offset->origin.y + o.y;
    double z = (double)parent_offset->origin.z + o.z;
    const float *m = f->m;
    acp_vec3 r;
    r.x = (float)(z * m[6] + y * m[3] + x * m[0]);
    r.y = (float)(z * m[7] + y * m[4] + x * m[1]);
    r.z = (float)(z * m[8] + y * m[5] + x * m[2]);
    return r;
}

/* Explode's direction: two RollDice(−π, π) (the first kept as a float), c scaled per axis and
 * normalised (zero when small). */
static acp_vec3 explode_direction(acp_world *w, acp_vec3 c)
{
    float yaw = (float)acp_roll_dice(w, -3.1415927f, 3.1415927f);
    double pitch = acp_roll_dice(w, -3.1415927f, 3.1415927f);
    double cp = acp_cos(pitch);
    acp_vec3 d;
    d.x = (float)(acp_cos(yaw) * c.x * cp);
    d.y = (float)(acp_sin(yaw) * c.y * cp);
    d.z = (float)(acp_sin(pitch) * c.z);
    if (acp_vec3_normalize_check_small(&d)) d = (acp_vec3){0.0f, 0.0f, 0.0f};
    return d;
}

/* The a, b, c of Particle::Init's switch. */
static void init_vectors(acp_particle *p, acp_world *w, int32_t type, acp_vec3 a, acp_vec3 b, acp_vec3 c)
{
    const acp_frame *f = &p->start_frame;
    switch (type) {
    case ACP_PARTICLE_STILL: break;
    case ACP_PARTICLE_PARABOLIC_LVGAGR: p->c = c; /* fall through */
    case ACP_PARTICLE_PARABOLIC_LVGA: p->b = b; /* fall through */
    case ACP_PARTICLE_LOCAL_VELOCITY: p->a = acp_frame_localtoglobalvec(f, a); break;
    case ACP_PARTICLE_PARABOLIC_LVLALR: p->c = acp_frame_localtoglobalvec(f, c); /* fall through */
    case ACP_PARTICLE_PARABOLIC_LVLA:
        p->b = acp_frame_localtoglobalvec(f, b);
        p->a = acp_frame_localtoglobalvec(f, a);
        break;
    case ACP_PARTICLE_PARABOLIC_GVGAGR: p->c = c; /* fall through */
    case ACP_PARTICLE_PARABOLIC_GVGA: p->b = b; /* fall through */
    case ACP_PARTICLE_GLOBAL_VELOCITY: p->a = a; break;
    case ACP_PARTICLE_SWARM:
        p->a = acp_frame_localtoglobalvec(f, a);
        p->b = b;
        p->c = c;
        break;
    case ACP_PARTICLE_IMPLODE:
        p->a = a;
        p->b = b;
        p->offset.x = (float)((double)c.x * p->offset.x);
        p->offset.y = (float)((double)c.y * p->offset.y);
        p->offset.z = (float)((double)c.z * p->offset.z);
        p->c = p->offset;
        break;
    case ACP_PARTICLE_EXPLODE:
        p->a = a;
        p->b = b;
        p->c = explode_direction(w, c);
        break;
    default:
        p->a = a;
        p->b = b;
        p->c = c;
        break;
    }
}

void acp_particle_init(acp_particle *p, acp_world *w, const acp_frame *parent_frame, const acp_frame *parent_offset,
                       acp_vec3 offset, int32_t type, bool persistent, acp_vec3 a, acp_vec3 b, acp_vec3 c,
                       float start_scale, float final_scale, float start_trans, float final_trans, double lifespan)
{
    p->lifetime = 0.0;
    p->birthtime = w->physics_time;
    p->lifespan = lifespan;
    p->start_frame = *parent_frame;
    p->offset = start_offset(&p->start_frame, parent_offset, offset);
    init_vectors(p, w, type, a, b, c);
    p->start_scale = start_scale;
    p->final_scale = final_scale;
    p->final_trans = final_trans;
    p->start_trans = start_trans;
    p->scale = start_scale;
    p->translucency = p->start_trans;
    p->frame = acp_frame_identity();
    p->live = true;
    acp_particle_update(p, w->physics_time, type, persistent, &p->start_frame);
}

/* LocalVelocity, GlobalVelocity: parent + offset + t·a. */
static void move_velocity(acp_particle *p, const acp_frame *pf)
{
    double t = p->lifetime;
    float ax = (float)(t * p->a.x), ay = (float)(t * p->a.y);
    double px = (double)pf->origin.x + p->offset.x;
    float py = (float)((double)p->offset.y + pf->origin.y);
    float pz = (float)((double)p->offset.z + pf->origin.z);
    p->frame.origin.z = (float)((double)pz + t * p->a.z);
    p->frame.origin.x = (float)(px + ax);
    p->frame.origin.y = (float)((double)py + ay);
}

/* ParabolicLVGA, LVLA, GVGA: parent + offset + t·a + ½·b·t². */
static void move_parabolic(acp_particle *p, const acp_frame *pf)
{
    float hx = (float)(p->b.x * 0.5), hy = (float)(p->b.y * 0.5), hz = (float)(p->b.z * 0.5);
    double t = p->lifetime;
    float hyt = (float)(hy * t), hzt = (float)(hz * t);
    float tf = (float)t;
    float qx = (float)(hx * t * tf);
    float qy = (float)((double)hyt * tf);
    float qz = (float)((double)hzt * tf);
    double vx = t * p->a.x;
    float vy = (float)(t * p->a.y), vz = (float)(t * p->a.z);
    double px = (double)p->offset.x + pf->origin.x;
    float py = (float)((double)p->offset.y + pf->origin.y);
    float pz = (float)((double)p->offset.z + pf->origin.z);
    float wy = (float)((double)py + vy);
    float wz = (float)((double)pz + vz);
    wz = (float)((double)wz + qz);
    double y = (double)wy + qy;
    p->frame.origin.x = (float)(vx + px + qx);
    p->frame.origin.y = (float)y;
    p->frame.origin.z = wz;
}

/* ParabolicLVGAGR, LVLALR, GVGAGR: the parabola from the parent's frame, then rotated by t·c. */
static void move_parabolic_rotating(acp_particle *p, const acp_frame *pf)
{
    acp_frame f = *pf;
    float hx = (float)(p->b.x * 0.5), hy = (float)(p->b.y * 0.5), hz = (float)(p->b.z * 0.5);
    double t = p->lifetime;
    float wy = (float)(hy * t), wz = (float)(hz * t);
    float tf = (float)t;
    double qy = (double)wy * tf;
    float qz = (float)((double)wz * tf);
    double vx = t * p->a.x;
    wy = (float)(t * p->a.y);
    wz = (float)(t * p->a.z);
    double sx = vx + p->offset.x;
    float ry = (float)((double)wy + p->offset.y);
    float rz = (float)((double)wz + p->offset.z);
    float wx = (float)(sx + hx * t * tf);
    f.origin.x = (float)((double)f.origin.x + wx);
    f.origin.y = (float)((double)f.origin.y + ry + qy);
    f.origin.z = (float)((double)f.origin.z + rz + qz);
    acp_vec3 w = {(float)(t * p->c.x), (float)(t * p->c.y), (float)(t * p->c.z)};
    acp_frame_rotate(&f, w);
    p->frame = f;
}

/* Swarm: parent + offset + t·a + (cos(b.x t) c.x, sin(b.y t) c.y, cos(b.z t) c.z). */
static void move_swarm(acp_particle *p, const acp_frame *pf)
{
    double t = p->lifetime;
    p->frame.origin.x = (float)(acp_cos(p->b.x * t) * p->c.x + t * p->a.x + p->offset.x + pf->origin.x);
    p->frame.origin.y = (float)(acp_sin(p->b.y * t) * p->c.y + t * p->a.y + p->offset.y + pf->origin.y);
    p->frame.origin.z = (float)(acp_cos(p->b.z * t) * p->c.z + t * p->a.z + p->offset.z + pf->origin.z);
}

/* Implode: parent + offset + cos(a.x t)·c + t²·b. */
static void move_implode(acp_particle *p, const acp_frame *pf)
{
    double k = acp_cos(p->a.x * p->lifetime);
    double t2 = p->lifetime * p->lifetime;
    p->frame.origin.x = (float)(k * p->c.x + t2 * p->b.x + p->offset.x + pf->origin.x);
    p->frame.origin.y = (float)(k * p->c.y + t2 * p->b.y + p->offset.y + pf->origin.y);
    p->frame.origin.z = (float)(k * p->c.z + t2 * p->b.z + p->offset.z + pf->origin.z);
}

/* Explode: parent + offset + (t·b + c·a.x)·t, with + a.z·t on z. */
static void move_explode(acp_particle *p, const acp_frame *pf)
{
    double t = p->lifetime;
    p->frame.origin.x = (float)((t * p->b.x + (double)p->c.x * p->a.x) * t + p->offset.x + pf->origin.x);
    p->frame.origin.y = (float)((t * p->b.y + (double)p->c.y * p->a.x) * t + p->offset.y + pf->origin.y);
    p->frame.origin.z =
        (float)((t * p->b.z + (double)p->c.z * p->a.x + p->a.z) * t + p->offset.z + pf->origin.z);
}

void acp_particle_update(acp_particle *p, double physics_time, int32_t type, bool persistent,
                         const acp_frame *parent_frame)
{
    double dt = physics_time - p->birthtime;
    if (persistent) {
        p->lifetime = dt + p->lifetime;
        p->birthtime = physics_time;
    } else {
        p->lifetime = dt;
    }
    switch (type) {
    case ACP_PARTICLE_STILL:
        p->frame.origin.x = (float)((double)parent_frame->origin.x + p->offset.x);
        p->frame.origin.y = (float)((double)parent_frame->origin.y + p->offset.y);
        p->frame.origin.z = (float)((double)parent_frame->origin.z + p->offset.z);
        break;
    case ACP_PARTICLE_LOCAL_VELOCITY:
    case ACP_PARTICLE_GLOBAL_VELOCITY: move_velocity(p, parent_frame); break;
    case ACP_PARTICLE_PARABOLIC_LVGA:
    case ACP_PARTICLE_PARABOLIC_LVLA:
    case ACP_PARTICLE_PARABOLIC_GVGA: move_parabolic(p, parent_frame); break;
    case ACP_PARTICLE_PARABOLIC_LVGAGR:
    case ACP_PARTICLE_PARABOLIC_LVLALR:
    case ACP_PARTICLE_PARABOLIC_GVGAGR: move_parabolic_rotating(p, parent_frame); break;
    case ACP_PARTICLE_SWARM: move_swarm(p, parent_frame); break;
    case ACP_PARTICLE_IMPLODE: move_implode(p, parent_frame); break;
    case ACP_PARTICLE_EXPLODE: move_explode(p, parent_frame); break;
    default: break;
    }
    double k = p->lifetime < p->lifespan ? p->lifetime / p->lifespan : 1.0;
    p->scale = (float)(((double)p->final_scale - p->start_scale) * k + p->start_scale);
    p->translucency = (float)(((double)p->final_trans - p->start_trans) * k + p->start_trans);
}

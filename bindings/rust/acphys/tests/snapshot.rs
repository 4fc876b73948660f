//! Snapshots and hand-offs through the Rust binding (API 1.1): walk-then-stop stopped after frame
//! 60, restored into a fresh world (or its walker exported and imported into a second world), and
//! carried on to frame 180 hashes to the golden trace's digest (frames 1-60 hashed from the first
//! world, 61-180 from the second); damaged snapshots are errors naming the offset and field.
use acphys::{pose, ErrorKind, Profile, World};
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

fn golden_digest() -> u64 {
    let text = std::fs::read_to_string(repo().join("conformance/v1/golden/walk-then-stop.jsonl")).unwrap();
    let last = text.trim_end().lines().last().unwrap();
    let at = last.find("\"digest\":\"").unwrap() + 10;
    u64::from_str_radix(&last[at..at + 16], 16).unwrap()
}

struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, b: &[u8]) {
        for c in b {
            self.0 = (self.0 ^ *c as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    fn f32(&mut self, v: f32) {
        self.bytes(&(if v.is_nan() { 0x7FC0_0000 } else { v.to_bits() }).to_le_bytes());
    }
    fn f64(&mut self, v: f64) {
        self.bytes(&(if v.is_nan() { 0x7FF8_0000_0000_0000 } else { v.to_bits() }).to_le_bytes());
    }
}

fn world() -> World {
    let mut w = World::new(Profile::Retail, 1).unwrap();
    w.load_records_file(repo().join("data/portal-default.dat")).unwrap();
    w
}

fn walker(w: &mut World) {
    let mut d = acphys::object_def();
    d.id = 1;
    d.setup = 0x0200_0001;
    d.motion_table = 0x0900_0001;
    d.physics_state = 0x0040_0008;
    d.placement = 1;
    d.transient_state = 3;
    d.pose = pose(0xD59A_0023, [100.0, 60.0, 330.0]);
    d.has_run_rate = true;
    w.create_object(&d).unwrap();
    w.set_player(Some(1)).unwrap();
}

/// walk-then-stop's frames first..=last (its motions at 0, 0.1, 1 and 2 s), hashed into `h`;
/// `beside` is stepped at the same times.
fn frames(w: &mut World, h: &mut Fnv, first: u32, last: u32, mut beside: Option<&mut World>) {
    let events = [(0.0, 0x4100_0003u32), (0.1, 0x4500_0005), (1.0, 0x4400_0007), (2.0, 0x4100_0003)];
    for k in first..=last {
        let now = k as f64 / 60.0;
        let before = (k - 1) as f64 / 60.0;
        w.set_time(now).unwrap();
        for &(t, cmd) in &events {
            if t <= now && (k == 1 || t > before) {
                let mut m = acphys::motion();
                m.forward_command = cmd;
                w.apply_motion(1, &m).unwrap();
            }
        }
        w.step(now).unwrap();
        if let Some(b) = beside.as_deref_mut() {
            b.set_time(now).unwrap();
            b.step(now).unwrap();
        }
        let s = w.state(1).unwrap();
        h.u32(k);
        h.f64(now);
        h.bytes(&[w.info().unwrap().gate_passed as u8, 1, 0, 0, 0]);
        h.u32(s.id);
        h.bytes(&[s.has_elapsed as u8]);
        if s.has_elapsed {
            h.f64(s.elapsed);
        }
        h.u32(s.num_quanta);
        for q in &s.quanta[..s.num_quanta as usize] {
            h.f32(*q);
        }
        h.f64(now - s.update_time);
        h.f64(s.update_time);
        h.bytes(&[s.active as u8]);
        h.u32(s.physics_state);
        h.u32(s.transient_state);
        h.u32(s.cell);
        for v in s.origin.iter().chain(s.orientation.iter()).chain(s.velocity.iter()) {
            h.f32(*v);
        }
        h.u32(s.num_hooks);
        for t in &s.hooks[..s.num_hooks as usize] {
            h.bytes(acphys::hook_name(*t).as_bytes());
            h.bytes(&[0]);
        }
    }
}

#[test]
fn restored_world_goes_on_as_the_golden() {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut a = world();
    walker(&mut a);
    frames(&mut a, &mut h, 1, 60, None);
    let snap = a.snapshot().unwrap();
    assert_eq!(&snap[..8], b"ACPSNAP\0");
    let mut b = world();
    b.restore(&snap).unwrap();
    assert_eq!(b.snapshot().unwrap(), snap, "the restored world's own snapshot: the same bytes");
    frames(&mut b, &mut h, 61, 180, None);
    assert_eq!(h.0, golden_digest());
}

#[test]
fn exported_object_goes_on_in_the_other_world() {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut west = world();
    let mut east = world();
    east.finish_records().unwrap();
    walker(&mut west);
    frames(&mut west, &mut h, 1, 60, Some(&mut east));
    let bytes = west.export_object(1).unwrap();
    assert!(!west.exists(1));
    assert_eq!(east.import_object(&bytes).unwrap(), 1);
    east.set_player(Some(1)).unwrap(); // the player slot does not travel
    frames(&mut east, &mut h, 61, 180, None);
    assert_eq!(h.0, golden_digest());
}

#[test]
fn damaged_snapshots_name_the_offset_and_field() {
    let mut a = world();
    walker(&mut a);
    frames(&mut a, &mut Fnv(0), 1, 10, None);
    let snap = a.snapshot().unwrap();
    let mut c = world();
    let e = c.restore(&snap[..20]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Argument);
    assert!(e.message.starts_with("acp_world_restore: offset 16, records_digest: "), "{}", e.message);
    let mut flipped = snap.clone();
    flipped[100] ^= 1;
    let e = c.restore(&flipped).unwrap_err();
    assert!(e.message.contains(&format!("offset {}, checksum: ", snap.len() - 8)), "{}", e.message);
    let e = c.import_object(b"not a snapshot at all, not at all").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Argument);
    assert!(e.message.contains("offset 0, "), "{}", e.message);
    c.restore(&snap).unwrap(); // the refusals left it as it was
    assert!(c.exists(1));
    assert_eq!(c.restore(&snap).unwrap_err().kind, ErrorKind::State);
    let mut d = World::new(Profile::Retail, 1).unwrap();
    d.load_default_records().unwrap();
    assert_eq!(d.restore(&snap).unwrap_err().kind, ErrorKind::Records);
}

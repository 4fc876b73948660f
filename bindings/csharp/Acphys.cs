// acphys for C#: retail-exact Asheron's Call physics through the C API (include/acphys.h) of
// libacphys.so.1, with P/Invoke. Plain C# 7 that builds with Debian's mono-mcs
// (mcs -unsafe) and unchanged under .NET 8 (AllowUnsafeBlocks): see README.md.
//
// Worlds are SafeHandles (World: Dispose or the finalizer destroys the world); objects are named
// by their AC object id (WorldObject). Every refused call throws an AcphysException subclass whose
// Message is the library's message, naming the argument; nothing crashes the host.
// Units: metres, seconds, m/s, rad/s; a position is a cell id 0xXXYYCCCC and an origin in the
// cell's landblock frame; quaternions (w, x, y, z). A World may be used by one thread at a time.
using System;
using System.Runtime.InteropServices;

namespace Acphys
{
    /// <summary>acp_status.</summary>
    public enum Status
    {
        Ok = 0, Null = 1, Argument = 2, World = 3, Object = 4, Exists = 5, Full = 6, Records = 7,
        State = 8, NoMotion = 9, IO = 10, Scenario = 11, Memory = 12
    }

    public enum Profile { Retail = 0, AcdreamR6 = 1, Ace = 2, RenderFrame = 3 }
    public enum Placement { SetPosition = 0, Frame = 1 }
    /// <summary>Comparison modes (not retail): World.SetPeerRules.</summary>
    [Flags] public enum PeerRules : uint { None = 0, AceMaxQuantum = 1, AceSledFriction = 2 }
    public enum MoveToType { MoveToObject = 6, MoveToPosition = 7, TurnToObject = 8, TurnToHeading = 9 }

    /// <summary>An object's last-step environment reports and shadow drops (WorldObject.Reports).</summary>
    public struct ObjectReports
    {
        public uint EnvCollisions;
        public uint CellsDropped;
    }

    // ---- exceptions ----

    public class AcphysException : Exception
    {
        public Status Status { get; private set; }
        public AcphysException(Status status, string message) : base(message) { Status = status; }

        internal static AcphysException For(Status status, string message)
        {
            switch (status)
            {
                case Status.Null:
                case Status.Argument: return new AcphysArgumentException(status, message);
                case Status.World: return new WorldDestroyedException(status, message);
                case Status.Object: return new ObjectNotFoundException(status, message);
                case Status.Exists: return new ObjectExistsException(status, message);
                case Status.Records: return new RecordsException(status, message);
                case Status.NoMotion: return new NoMotionTableException(status, message);
                case Status.IO: return new AcphysIOException(status, message);
                case Status.Scenario: return new ScenarioException(status, message);
                default: return new AcphysException(status, message);
            }
        }
    }
    public class AcphysArgumentException : AcphysException { public AcphysArgumentException(Status s, string m) : base(s, m) { } }
    public class WorldDestroyedException : AcphysException { public WorldDestroyedException(Status s, string m) : base(s, m) { } }
    public class ObjectNotFoundException : AcphysException { public ObjectNotFoundException(Status s, string m) : base(s, m) { } }
    public class ObjectExistsException : AcphysException { public ObjectExistsException(Status s, string m) : base(s, m) { } }
    public class RecordsException : AcphysException { public RecordsException(Status s, string m) : base(s, m) { } }
    public class NoMotionTableException : AcphysException { public NoMotionTableException(Status s, string m) : base(s, m) { } }
    public class AcphysIOException : AcphysException { public AcphysIOException(Status s, string m) : base(s, m) { } }
    public class ScenarioException : AcphysException { public ScenarioException(Status s, string m) : base(s, m) { } }

    // ---- the C structs, field for field (blittable: bool is one byte, arrays are fixed) ----

    [StructLayout(LayoutKind.Sequential)]
    public struct WorldId { public ushort Index1; public ushort Generation; }

    [StructLayout(LayoutKind.Sequential)]
    public struct WorldDef { public uint Profile; public uint MaxObjects; }

    [StructLayout(LayoutKind.Sequential)]
    public struct WorldInfo
    {
        public double Now, LastUpdate;
        public byte GatePassed;
        public uint Profile, NumObjects, MaxObjects;
        public ulong NumQuanta;
        public byte HasTerrain;
    }

    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct Pose
    {
        public uint Cell;
        public fixed float Origin[3];
        public fixed float Orientation[4];

        public static Pose At(uint cell, float x, float y, float z)
        {
            Pose p = new Pose();
            p.Cell = cell;
            p.Origin[0] = x; p.Origin[1] = y; p.Origin[2] = z;
            p.Orientation[0] = 1.0f;
            return p;
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct ObjectDef
    {
        public uint Id, Setup, MotionTable, PhysicsState;
        public Pose Pose;
        public fixed float Velocity[3];
        public fixed float Omega[3];
        public float Scale, Friction, Elasticity, RunRate;
        public double EnterAt;
        public uint Placement, TransientState;
        /// <summary>1: its weenie answers InqRunRate with RunRate (set it for the player).</summary>
        public byte HasRunRate;
        /// <summary>update_times as the PhysicsDesc gives them (PhysicsTimeStamp order), default 0.</summary>
        public fixed ushort Timestamps[9];
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Motion
    {
        public uint Style, ForwardCommand;
        public float ForwardSpeed;
        public uint SidestepCommand;
        public float SidestepSpeed;
        public uint TurnCommand;
        public float TurnSpeed;
        public byte HoldRun;
        public uint StickyObject;
        public byte StandingLongjump;
        public byte HasMessageStyle;
        public uint MessageStyle;
    }

    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct ServerPosition
    {
        public Pose Pose;
        public byte Contact, HasVelocity;
        public fixed float Velocity[3];
        public byte HasTeleportTimestamp;
        public ushort TeleportTimestamp;
        public byte HasPositionTimestamp;
        public ushort PositionTimestamp;
        public byte HasForcePositionTimestamp;
        public ushort ForcePositionTimestamp;
        public byte UsePositionFromServer, KeepHeading;
        public byte HasInstanceTimestamp;
        public ushort InstanceTimestamp;
        public byte HasPlacement;
        public uint Placement;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct MoveTo
    {
        public uint Type, Target;
        public Pose Pose;
        public uint Bitfield;
        public float Speed;
        public uint HoldKeyToApply, ContextId, ActionStamp;
        public float DistanceToObject, MinDistance, FailDistance, DesiredHeading, WalkRunThreshold;
        public byte HasPose, HasFallbackHeading;
        public float FallbackHeading, RunRate;
        public byte HasStyle;
        public uint Style;
    }

    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct ObjectState
    {
        public const int MaxQuanta = 21, MaxHooks = 32, MaxReports = 8, MaxScripts = 8;
        public uint Id;
        public byte HasCell;
        public uint Cell;
        public fixed float Origin[3];
        public fixed float Orientation[4];
        public fixed float Velocity[3];
        public fixed float Omega[3];
        public double Heading;
        public uint PhysicsState, TransientState;
        public byte Active, Contact, OnWalkable;
        public double UpdateTime;
        public byte Ran;
        public uint Skipped;
        public byte HasElapsed;
        public double Elapsed;
        public uint NumQuanta;
        public fixed float Quanta[MaxQuanta];
        public uint NumHooks;
        public fixed uint Hooks[MaxHooks];
        public uint HooksUnrecorded, NumCollisions;
        public fixed uint Collisions[MaxReports];
        public uint NumCollisionEnds;
        public fixed uint CollisionEnds[MaxReports];
        public byte HasMotionTable, HasPositionManager;
        public uint PositionNodes, OffsetSource;
        public byte HasMoveTo;
        public uint MoveToType, MoveToNodes, MoveToCommand;
        public byte HasFx;
        public uint NumScripts;
        public fixed uint Scripts[MaxScripts];
        public uint Particles;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ScenarioResult
    {
        public uint Frames;
        public ulong Digest;
        public uint Warnings;
        /// <summary>What `acphys run --quiet` prints last.</summary>
        public override string ToString() { return Frames + " frames, digest " + Digest.ToString("x16"); }
    }

    // ---- the entry points ----

    internal static unsafe class Native
    {
        const string Lib = "acphys";
        [DllImport(Lib)] public static extern IntPtr acp_api_version();
        [DllImport(Lib)] public static extern IntPtr acp_library_version();
        [DllImport(Lib)] public static extern IntPtr acp_build_digest();
        [DllImport(Lib)] public static extern IntPtr acp_error_message();
        [DllImport(Lib)] public static extern WorldDef acp_default_world_def();
        [DllImport(Lib)] public static extern Status acp_create_world(ref WorldDef def, out WorldId id);
        [DllImport(Lib)] public static extern Status acp_destroy_world(WorldId id);
        [DllImport(Lib)] public static extern byte acp_world_is_valid(WorldId id);
        [DllImport(Lib)] public static extern Status acp_world_load_records(WorldId w, byte[] bytes, UIntPtr size);
        [DllImport(Lib)] public static extern Status acp_world_load_default_records(WorldId w);
        [DllImport(Lib)] public static extern Status acp_world_load_records_file(WorldId w, byte[] pathUtf8);
        [DllImport(Lib)] public static extern Status acp_world_set_player_object(WorldId w, uint id);
        [DllImport(Lib)] public static extern Status acp_world_step(WorldId w, double now);
        [DllImport(Lib)] public static extern Status acp_world_set_time(WorldId w, double now);
        [DllImport(Lib)] public static extern Status acp_world_finish_records(WorldId w);
        [DllImport(Lib)] public static extern Status acp_world_set_peer_rules(WorldId w, uint rules);
        [DllImport(Lib)] public static extern Status acp_world_set_max_objects(WorldId w, uint maxObjects);
        [DllImport(Lib)] public static extern Status acp_world_get_info(WorldId w, out WorldInfo info);
        [DllImport(Lib)] public static extern ObjectDef acp_default_object_def();
        [DllImport(Lib)] public static extern Status acp_create_object(WorldId w, ref ObjectDef def);
        [DllImport(Lib)] public static extern Status acp_destroy_object(WorldId w, uint id);
        [DllImport(Lib)] public static extern byte acp_object_exists(WorldId w, uint id);
        [DllImport(Lib)] public static extern Motion acp_default_motion();
        [DllImport(Lib)] public static extern Status acp_object_apply_motion(WorldId w, uint id, ref Motion m);
        [DllImport(Lib)] public static extern Status acp_object_apply_raw_motion(WorldId w, uint id, ref Motion m);
        [DllImport(Lib)] public static extern Status acp_object_jump(WorldId w, uint id, float extent, out uint weenieError);
        [DllImport(Lib)] public static extern Status acp_object_set_velocity(WorldId w, uint id, float* v);
        [DllImport(Lib)] public static extern Status acp_object_set_omega(WorldId w, uint id, float* v);
        [DllImport(Lib)] public static extern Status acp_object_server_position(WorldId w, uint id, ref ServerPosition sp);
        [DllImport(Lib)] public static extern Status acp_object_stick_to(WorldId w, uint id, uint target);
        [DllImport(Lib)] public static extern Status acp_object_unstick(WorldId w, uint id);
        [DllImport(Lib)] public static extern Status acp_object_set_state(WorldId w, uint id, uint state);
        [DllImport(Lib)] public static extern Status acp_object_set_parent(WorldId w, uint id, uint parent, int part, float* origin, float* orientation);
        [DllImport(Lib)] public static extern Status acp_object_set_parent_location(WorldId w, uint id, uint parent, uint location);
        [DllImport(Lib)] public static extern Status acp_object_unset_parent(WorldId w, uint id);
        [DllImport(Lib)] public static extern Status acp_object_constrain_to(WorldId w, uint id, ref Pose p, float start, float max);
        [DllImport(Lib)] public static extern Status acp_object_unconstrain(WorldId w, uint id);
        [DllImport(Lib)] public static extern MoveTo acp_default_move_to();
        [DllImport(Lib)] public static extern Status acp_object_move_to(WorldId w, uint id, ref MoveTo mt);
        [DllImport(Lib)] public static extern Status acp_object_play_script(WorldId w, uint id, uint script);
        [DllImport(Lib)] public static extern Status acp_object_play_script_type(WorldId w, uint id, uint type, float mod);
        [DllImport(Lib)] public static extern Status acp_object_get_state(WorldId w, uint id, out ObjectState s);
        [DllImport(Lib)] public static extern Status acp_object_get_reports(WorldId w, uint id, out uint envCollisions, out uint cellsDropped);
        [DllImport(Lib)] public static extern IntPtr acp_hook_name(uint type);
        [DllImport(Lib)] public static extern IntPtr acp_offset_source_name(uint source);
        [DllImport(Lib)] public static extern IntPtr acp_move_to_type_name(uint type);
        [DllImport(Lib)] public static extern Status acp_world_snapshot(WorldId w, byte[] buffer, UIntPtr capacity, out UIntPtr size);
        [DllImport(Lib)] public static extern Status acp_world_restore(WorldId w, byte[] bytes, UIntPtr size);
        [DllImport(Lib)] public static extern Status acp_object_export(WorldId w, uint id, byte[] buffer, UIntPtr capacity, out UIntPtr size);
        [DllImport(Lib)] public static extern Status acp_object_import(WorldId w, byte[] bytes, UIntPtr size, out uint id);
        [DllImport(Lib)] public static extern Status acp_run_scenario_file(byte[] pathUtf8, int profile, out ScenarioResult r);
        [DllImport(Lib)] public static extern Status acp_run_scenario_json(byte[] json, UIntPtr len, byte[] baseDirUtf8, int profile, out ScenarioResult r);

        public static string Str(IntPtr p)
        {
            if (p == IntPtr.Zero) return "";
            int n = 0;
            while (Marshal.ReadByte(p, n) != 0) n++;
            byte[] b = new byte[n];
            Marshal.Copy(p, b, 0, n);
            return System.Text.Encoding.UTF8.GetString(b);
        }

        public static byte[] Utf8z(string s)
        {
            if (s == null) return null;
            byte[] b = System.Text.Encoding.UTF8.GetBytes(s);
            byte[] z = new byte[b.Length + 1];
            Array.Copy(b, z, b.Length);
            return z;
        }

        public static void Check(Status st)
        {
            if (st != Status.Ok) throw AcphysException.For(st, Str(acp_error_message()));
        }
    }

    /// <summary>Versions, names and scenario runs.</summary>
    public static class Library
    {
        public static string ApiVersion { get { return Native.Str(Native.acp_api_version()); } }
        public static string Version { get { return Native.Str(Native.acp_library_version()); } }
        public static string BuildDigest { get { return Native.Str(Native.acp_build_digest()); } }
        public static string HookName(uint type) { return Native.Str(Native.acp_hook_name(type)); }
        public static string OffsetSourceName(uint source) { return Native.Str(Native.acp_offset_source_name(source)); }
        public static string MoveToTypeName(uint type) { return Native.Str(Native.acp_move_to_type_name(type)); }

        /// <summary>Run a scenario file as `acphys run` does; profile -1 for the scenario's.</summary>
        public static ScenarioResult RunScenarioFile(string path, int profile = -1)
        {
            ScenarioResult r;
            Native.Check(Native.acp_run_scenario_file(Native.Utf8z(path), profile, out r));
            return r;
        }

        public static ScenarioResult RunScenarioJson(string json, string baseDir = null, int profile = -1)
        {
            if (json == null) throw new AcphysArgumentException(Status.Null, "json: expected scenario JSON text, got null");
            byte[] b = System.Text.Encoding.UTF8.GetBytes(json);
            ScenarioResult r;
            Native.Check(Native.acp_run_scenario_json(b, (UIntPtr)b.Length, Native.Utf8z(baseDir), profile, out r));
            return r;
        }

        public static ObjectDef DefaultObjectDef() { return Native.acp_default_object_def(); }
        public static Motion DefaultMotion() { return Native.acp_default_motion(); }
        public static MoveTo DefaultMoveTo() { return Native.acp_default_move_to(); }
    }

    /// <summary>A world (retail CPhysics): its records, objects and clock. The handle holds the
    /// world id; Dispose (or the finalizer) destroys the world and its objects.</summary>
    public sealed class World : SafeHandle
    {
        public World(Profile profile = Profile.Retail, uint maxObjects = 1024) : base(IntPtr.Zero, true)
        {
            WorldDef d = Native.acp_default_world_def();
            d.Profile = (uint)profile;
            d.MaxObjects = maxObjects;
            WorldId id;
            Native.Check(Native.acp_create_world(ref d, out id));
            SetHandle((IntPtr)(id.Index1 | ((long)id.Generation << 16)));
        }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            return Native.acp_destroy_world(Id) == Status.Ok;
        }

        internal WorldId Id
        {
            get
            {
                long v = (long)handle;
                WorldId id;
                id.Index1 = (ushort)(v & 0xFFFF);
                id.Generation = (ushort)((v >> 16) & 0xFFFF);
                return id;
            }
        }

        /// <summary>The id for calls; a closed World's id (0) the library refuses.</summary>
        internal WorldId LiveId { get { return IsClosed ? new WorldId() : Id; } }

        public bool IsValid { get { return !IsClosed && Native.acp_world_is_valid(Id) != 0; } }

        public void LoadRecords(byte[] dat) { Native.Check(Native.acp_world_load_records(LiveId, dat, (UIntPtr)(dat == null ? 0 : dat.Length))); }
        public void LoadDefaultRecords() { Native.Check(Native.acp_world_load_default_records(LiveId)); }
        public void LoadRecordsFile(string path) { Native.Check(Native.acp_world_load_records_file(LiveId, Native.Utf8z(path))); }
        public void SetPlayer(uint objectId) { Native.Check(Native.acp_world_set_player_object(LiveId, objectId)); }
        public void SetTime(double now) { Native.Check(Native.acp_world_set_time(LiveId, now)); }
        /// <summary>Build the terrain from the records now and seal them (the first object or step
        /// does it otherwise): a records problem throws here, before any object.</summary>
        public void FinishRecords() { Native.Check(Native.acp_world_finish_records(LiveId)); }
        /// <summary>Comparison modes (not retail), before the first object or step: PeerRules bits.</summary>
        public void SetPeerRules(PeerRules rules) { Native.Check(Native.acp_world_set_peer_rules(LiveId, (uint)rules)); }
        /// <summary>CPhysics::UseTime(now): one render frame.</summary>
        public void Step(double now) { Native.Check(Native.acp_world_step(LiveId, now)); }

        public WorldInfo Info
        {
            get
            {
                WorldInfo i;
                Native.Check(Native.acp_world_get_info(LiveId, out i));
                return i;
            }
        }

        public WorldObject CreateObject(ObjectDef def)
        {
            Native.Check(Native.acp_create_object(LiveId, ref def));
            return new WorldObject(this, def.Id);
        }

        /// <summary>The world's whole mutable state (acp_world_snapshot, API 1.1), between steps:
        /// every object, its managers, hooks, scripts, particles, shadows, the clock and the
        /// generator, not the records (it names their digest). The same bytes natively and in
        /// WebAssembly.</summary>
        public byte[] Snapshot()
        {
            UIntPtr size;
            Native.Check(Native.acp_world_snapshot(LiveId, null, UIntPtr.Zero, out size));
            byte[] b = new byte[(long)size];
            Native.Check(Native.acp_world_snapshot(LiveId, b, (UIntPtr)b.Length, out size));
            if ((long)size != b.Length) Array.Resize(ref b, (int)(long)size);
            return b;
        }

        /// <summary>Take a snapshot's state (acp_world_restore): the same records in the same order,
        /// the same profile and max_objects, no objects yet. Damaged, truncated or other-version
        /// bytes throw AcphysArgumentException naming the byte offset and the field; other records
        /// RecordsException; a world with objects AcphysException (Status.State). A refused restore
        /// leaves the world as it was.</summary>
        public void Restore(byte[] snapshot)
        {
            Native.Check(Native.acp_world_restore(LiveId, snapshot, (UIntPtr)(snapshot == null ? 0 : snapshot.Length)));
        }

        /// <summary>Hand object `objectId` to another world (acp_object_export): its state as bytes,
        /// and it leaves this world (what names objects of this world is cleared first, as retail's
        /// teleport_hook clears it).</summary>
        public byte[] ExportObject(uint objectId)
        {
            UIntPtr size;
            Native.Check(Native.acp_object_export(LiveId, objectId, null, UIntPtr.Zero, out size));
            byte[] b = new byte[(long)size];
            Native.Check(Native.acp_object_export(LiveId, objectId, b, (UIntPtr)b.Length, out size));
            if ((long)size != b.Length) Array.Resize(ref b, (int)(long)size);
            return b;
        }

        /// <summary>Take in an object ExportObject wrote (acp_object_import): it carries on from the
        /// state it left with, in the cell of its position here.</summary>
        public WorldObject ImportObject(byte[] bytes)
        {
            uint id;
            Native.Check(Native.acp_object_import(LiveId, bytes, (UIntPtr)(bytes == null ? 0 : bytes.Length), out id));
            return new WorldObject(this, id);
        }

        public WorldObject Object(uint objectId)
        {
            if (!IsValid)
                throw new WorldDestroyedException(Status.World, "world: the world was disposed or destroyed");
            if (Native.acp_object_exists(LiveId, objectId) == 0)
                throw new ObjectNotFoundException(Status.Object, "object_id: no object 0x" + objectId.ToString("X8") + " in the world");
            return new WorldObject(this, objectId);
        }
    }

    /// <summary>An object of a World, named by its AC object id; methods are the server's messages.</summary>
    public sealed class WorldObject
    {
        public World World { get; private set; }
        public uint Id { get; private set; }
        internal WorldObject(World world, uint id) { World = world; Id = id; }

        public bool Exists { get { return World.IsValid && Native.acp_object_exists(World.Id, Id) != 0; } }
        public void ApplyMotion(Motion m) { Native.Check(Native.acp_object_apply_motion(World.LiveId, Id, ref m)); }
        public void ApplyRawMotion(Motion m) { Native.Check(Native.acp_object_apply_raw_motion(World.LiveId, Id, ref m)); }
        /// <summary>Jump (extent 0..1); returns retail's WeenieError (0: it jumped).</summary>
        public uint Jump(float extent)
        {
            uint e;
            Native.Check(Native.acp_object_jump(World.LiveId, Id, extent, out e));
            return e;
        }
        public unsafe void SetVelocity(float x, float y, float z)
        {
            float* v = stackalloc float[3];
            v[0] = x; v[1] = y; v[2] = z;
            Native.Check(Native.acp_object_set_velocity(World.LiveId, Id, v));
        }
        public unsafe void SetOmega(float x, float y, float z)
        {
            float* v = stackalloc float[3];
            v[0] = x; v[1] = y; v[2] = z;
            Native.Check(Native.acp_object_set_omega(World.LiveId, Id, v));
        }
        public void ServerPosition(ServerPosition sp) { Native.Check(Native.acp_object_server_position(World.LiveId, Id, ref sp)); }
        public void StickTo(uint target) { Native.Check(Native.acp_object_stick_to(World.LiveId, Id, target)); }
        public void Unstick() { Native.Check(Native.acp_object_unstick(World.LiveId, Id)); }
        public void SetState(uint state) { Native.Check(Native.acp_object_set_state(World.LiveId, Id, state)); }
        /// <summary>Held by object parent (a ParentEvent) at part (-1: its own frame) with the holding origin (x, y, z).</summary>
        public unsafe void SetParent(uint parent, int part, float x, float y, float z)
        {
            float* o = stackalloc float[3];
            o[0] = x; o[1] = y; o[2] = z;
            Native.Check(Native.acp_object_set_parent(World.LiveId, Id, parent, part, o, null));
        }
        public void SetParentLocation(uint parent, uint location) { Native.Check(Native.acp_object_set_parent_location(World.LiveId, Id, parent, location)); }
        public void UnsetParent() { Native.Check(Native.acp_object_unset_parent(World.LiveId, Id)); }
        public void ConstrainTo(Pose p, float start, float max) { Native.Check(Native.acp_object_constrain_to(World.LiveId, Id, ref p, start, max)); }
        public void Unconstrain() { Native.Check(Native.acp_object_unconstrain(World.LiveId, Id)); }
        public void MoveTo(MoveTo mt) { Native.Check(Native.acp_object_move_to(World.LiveId, Id, ref mt)); }
        public void PlayScript(uint scriptId) { Native.Check(Native.acp_object_play_script(World.LiveId, Id, scriptId)); }
        public void PlayScriptType(uint type, float mod) { Native.Check(Native.acp_object_play_script_type(World.LiveId, Id, type, mod)); }
        public ObjectState State
        {
            get
            {
                ObjectState s;
                Native.Check(Native.acp_object_get_state(World.LiveId, Id, out s));
                return s;
            }
        }
        /// <summary>The last step's environment reports and shadow drops (acp_object_get_reports):
        /// EnvCollisions counts the weenie's EnvCollisionProfile calls of the last step
        /// (CPhysicsObj::report_environment_collision, 0x00512FC0); CellsDropped the cells its shadow
        /// lists could not hold so far (docs/DEVIATIONS.md T3). Throws WorldDestroyedException /
        /// ObjectNotFoundException.</summary>
        public ObjectReports Reports
        {
            get
            {
                ObjectReports r;
                Native.Check(Native.acp_object_get_reports(World.LiveId, Id, out r.EnvCollisions, out r.CellsDropped));
                return r;
            }
        }
        public void Destroy() { Native.Check(Native.acp_destroy_object(World.LiveId, Id)); }
    }
}

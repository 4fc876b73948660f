// The C# binding's tests (bindings/csharp/test): a console program, exit status 0 when all pass.
//   - seven conformance cases of six groups through Library.RunScenarioFile match their goldens'
//     frame counts and closing digests;
//   - walk-then-stop driven object by object (World, WorldObject.ApplyMotion, Step) gives the
//     golden digest, computed here from WorldObject.State as docs/SCENARIOS.md's DIGEST says: the
//     structs' layouts carry every bit;
//   - every bad argument throws its AcphysException subclass with the library's message; a
//     disposed World is refused, never a crash.
using System;
using System.IO;
using System.Text;
using Acphys;

static class Tests
{
    static int checks, failures;
    static string Repo;

    static void Check(bool ok, string what)
    {
        checks++;
        if (ok) return;
        failures++;
        Console.Error.WriteLine("FAILED: " + what);
    }

    static void Throws<T>(Action a, string needle, string what) where T : AcphysException
    {
        try
        {
            a();
            Check(false, what + ": no exception");
        }
        catch (T e)
        {
            Check(e.Message.Contains(needle), what + ": message \"" + e.Message + "\" lacks \"" + needle + "\"");
        }
        catch (Exception e)
        {
            Check(false, what + ": " + e.GetType().Name + ": " + e.Message);
        }
    }

    static void Golden(string name, out uint frames, out ulong digest)
    {
        string[] lines = File.ReadAllLines(Path.Combine(Repo, "conformance/v1/golden/" + name + ".jsonl"));
        frames = (uint)(lines.Length - 1);
        string last = lines[lines.Length - 1];
        int at = last.IndexOf("\"digest\":\"") + 10;
        digest = Convert.ToUInt64(last.Substring(at, 16), 16);
    }

    // ---- FNV-1a 64 over a frame, as the trace digest ----
    static ulong h;
    static void B(byte[] b) { foreach (byte c in b) { h ^= c; h *= 0x100000001b3UL; } }
    static void U8(bool v) { B(new byte[] { (byte)(v ? 1 : 0) }); }
    static void U32(uint v) { B(BitConverter.GetBytes(v)); }
    static void F32(float v) { B(float.IsNaN(v) ? BitConverter.GetBytes(0x7FC00000u) : BitConverter.GetBytes(v)); }
    static void F64(double v) { B(double.IsNaN(v) ? BitConverter.GetBytes(0x7FF8000000000000UL) : BitConverter.GetBytes(v)); }

    static unsafe void HashFrame(World w, uint frame, double now, WorldObject o)
    {
        U32(frame); F64(now); U8(w.Info.GatePassed != 0); U32(1);
        ObjectState s = o.State;
        U32(s.Id);
        U8(s.HasElapsed != 0);
        if (s.HasElapsed != 0) F64(s.Elapsed);
        U32(s.NumQuanta);
        for (int k = 0; k < s.NumQuanta; k++) F32(s.Quanta[k]);
        F64(now - s.UpdateTime); F64(s.UpdateTime); U8(s.Active != 0);
        U32(s.PhysicsState); U32(s.TransientState); U32(s.Cell);
        for (int k = 0; k < 3; k++) F32(s.Origin[k]);
        for (int k = 0; k < 4; k++) F32(s.Orientation[k]);
        for (int k = 0; k < 3; k++) F32(s.Velocity[k]);
        U32(s.NumHooks);
        for (int k = 0; k < s.NumHooks; k++) { B(Encoding.ASCII.GetBytes(Library.HookName(s.Hooks[k]))); B(new byte[] { 0 }); }
        Check(s.HasPositionManager == 0 && s.HasMoveTo == 0 && s.HasFx == 0 && s.NumCollisions == 0, "walker: no optional parts");
    }

    static void Conformance()
    {
        string[][] cases = {
            new[] { "clock-profiles", "clock-profiles.ace", "2" },
            new[] { "cadence-60hz", "cadence-60hz", "0" },
            new[] { "falling-creature", "falling-creature", "0" },
            new[] { "walk-then-stop", "walk-then-stop", "0" },
            new[] { "crossing-east", "crossing-east", "0" },
            new[] { "two-runners", "two-runners", "0" },
            new[] { "scripts-and-particles", "scripts-and-particles", "0" },
        };
        foreach (string[] c in cases)
        {
            uint frames; ulong digest;
            Golden(c[1], out frames, out digest);
            ScenarioResult r = Library.RunScenarioFile(Path.Combine(Repo, "conformance/v1/scenarios/" + c[0] + ".json"), int.Parse(c[2]));
            Check(r.Frames == frames && r.Digest == digest, c[1] + ": " + r + ", golden " + frames + " " + digest.ToString("x16"));
        }
    }

    static unsafe void WalkThenStop()
    {
        using (World w = new World(Profile.Retail, 1))
        {
            w.LoadRecordsFile(Path.Combine(Repo, "data/portal-default.dat"));
            ObjectDef d = Library.DefaultObjectDef();
            d.Id = 1; d.Setup = 0x02000001; d.MotionTable = 0x09000001; d.PhysicsState = 0x00400008;
            d.Placement = (uint)Placement.Frame; d.TransientState = 3;
            d.Pose = Pose.At(0xD59A0023, 100, 60, 330);
            d.HasRunRate = 1; // the player's weenie answers InqRunRate (1.0)
            WorldObject walker = w.CreateObject(d);
            w.SetPlayer(1);
            double[] t = { 0, 0.1, 1.0, 2.0 };
            uint[] fwd = { 0x41000003, 0x45000005, 0x44000007, 0x41000003 };
            int next = 0;
            h = 0xcbf29ce484222325UL;
            for (uint k = 1; k <= 180; k++)
            {
                double now = 0.0 + (double)k / 60.0;
                w.SetTime(now);
                while (next < 4 && t[next] <= now)
                {
                    Motion m = Library.DefaultMotion();
                    m.ForwardCommand = fwd[next++];
                    walker.ApplyMotion(m);
                }
                w.Step(now);
                HashFrame(w, k, now, walker);
            }
            uint frames; ulong digest;
            Golden("walk-then-stop", out frames, out digest);
            Check(h == digest, "walk-then-stop object by object: " + h.ToString("x16") + ", golden " + digest.ToString("x16"));
        }
    }

    // walk-then-stop's walker, the player of a world over data/portal-default.dat
    static World WalkWorld()
    {
        World w = new World(Profile.Retail, 1);
        w.LoadRecordsFile(Path.Combine(Repo, "data/portal-default.dat"));
        return w;
    }

    static WorldObject Walker(World w)
    {
        ObjectDef d = Library.DefaultObjectDef();
        d.Id = 1; d.Setup = 0x02000001; d.MotionTable = 0x09000001; d.PhysicsState = 0x00400008;
        d.Placement = (uint)Placement.Frame; d.TransientState = 3;
        d.Pose = Pose.At(0xD59A0023, 100, 60, 330);
        d.HasRunRate = 1;
        WorldObject o = w.CreateObject(d);
        w.SetPlayer(1);
        return o;
    }

    // walk-then-stop's frames first..last (its motions at 0, 0.1, 1 and 2 s), hashed; `beside` steps too
    static void WalkFrames(World w, WorldObject walker, uint first, uint last, World beside)
    {
        double[] t = { 0, 0.1, 1.0, 2.0 };
        uint[] fwd = { 0x41000003, 0x45000005, 0x44000007, 0x41000003 };
        for (uint k = first; k <= last; k++)
        {
            double now = (double)k / 60.0, before = (double)(k - 1) / 60.0;
            w.SetTime(now);
            for (int e = 0; e < 4; e++)
            {
                if (!(t[e] <= now && (k == 1 || t[e] > before))) continue;
                Motion m = Library.DefaultMotion();
                m.ForwardCommand = fwd[e];
                walker.ApplyMotion(m);
            }
            w.Step(now);
            if (beside != null) { beside.SetTime(now); beside.Step(now); }
            HashFrame(w, k, now, walker);
        }
    }

    // World.Snapshot / Restore and ExportObject / ImportObject (API 1.1): walk-then-stop stopped
    // after frame 60 and carried on in a second world hashes to the golden digest over 180 frames.
    static void Snapshots()
    {
        uint frames; ulong digest;
        Golden("walk-then-stop", out frames, out digest);
        byte[] snap;
        using (World a = WalkWorld())
        using (World b = WalkWorld())
        {
            h = 0xcbf29ce484222325UL;
            WalkFrames(a, Walker(a), 1, 60, null);
            snap = a.Snapshot();
            Check(snap.Length > 40 && snap[0] == (byte)'A' && snap[6] == (byte)'P' && snap[7] == 0, "snapshot: the ACPSNAP header");
            b.Restore(snap);
            Check(Convert.ToBase64String(b.Snapshot()) == Convert.ToBase64String(snap), "restored world's snapshot: the same bytes");
            WalkFrames(b, b.Object(1), 61, 180, null);
            Check(h == digest, "snapshot after 60 frames, restored, 120 more: " + h.ToString("x16") + ", golden " + digest.ToString("x16"));
        }
        using (World west = WalkWorld())
        using (World east = WalkWorld())
        {
            h = 0xcbf29ce484222325UL;
            east.FinishRecords();
            WorldObject walker = Walker(west);
            WalkFrames(west, walker, 1, 60, east);
            byte[] moved = west.ExportObject(1);
            Check(!walker.Exists, "exported: gone from the first world");
            WorldObject there = east.ImportObject(moved);
            Check(there.Id == 1, "imported: its id");
            east.SetPlayer(1); // the player slot does not travel
            WalkFrames(east, there, 61, 180, null);
            Check(h == digest, "exported after 60 frames, imported, 120 more: " + h.ToString("x16") + ", golden " + digest.ToString("x16"));
        }
        using (World c = WalkWorld())
        {
            byte[] cut = new byte[20];
            Array.Copy(snap, cut, 20);
            Throws<AcphysArgumentException>(() => c.Restore(cut), "acp_world_restore: offset 16, records_digest: ", "a truncated snapshot");
            byte[] flipped = (byte[])snap.Clone();
            flipped[100] ^= 1;
            Throws<AcphysArgumentException>(() => c.Restore(flipped), "offset " + (snap.Length - 8) + ", checksum: ", "a damaged snapshot");
            Throws<AcphysArgumentException>(() => c.ImportObject(System.Text.Encoding.UTF8.GetBytes("not a snapshot at all, not at all")), "offset 0, ", "not a snapshot");
            c.Restore(snap); // the refusals left it as it was
            Check(c.Object(1).Exists, "restored after refusals");
        }
        using (World d = new World(Profile.Retail, 1))
        {
            d.LoadDefaultRecords();
            Throws<RecordsException>(() => d.Restore(snap), "acp_world_restore: ", "other records");
        }
    }

    static unsafe void Errors()
    {
        Check(Library.ApiVersion == "1.1.0", "api version");
        Check(Library.BuildDigest.Length == 16, "build digest");
        World w = new World(Profile.Retail, 2);
        w.LoadDefaultRecords();
        Throws<AcphysArgumentException>(() => w.SetPeerRules((PeerRules)0x20), "acp_world_set_peer_rules: rules: 0x20 has bits", "peer rules");
        w.SetPeerRules(PeerRules.AceMaxQuantum | PeerRules.AceSledFriction);
        w.SetPeerRules(PeerRules.None);
        w.FinishRecords();
        Throws<AcphysException>(() => w.LoadDefaultRecords(), "records are sealed", "sealed by FinishRecords");
        ObjectDef d = Library.DefaultObjectDef();
        d.Id = 1; d.Setup = 0x02000001; d.Pose = Pose.At(0xA9B40017, 84, 156, 60);
        ObjectDef bad = d; bad.Scale = -1;
        Throws<AcphysArgumentException>(() => w.CreateObject(bad), "def->scale: expected a positive finite number, got -1", "scale");
        bad = d; bad.Setup = 0x0200FFFF;
        Throws<RecordsException>(() => w.CreateObject(bad), "def->setup: no Setup 0x0200FFFF", "setup");
        WorldObject human = w.CreateObject(d);
        Throws<ObjectExistsException>(() => w.CreateObject(d), "is in the world already", "duplicate");
        ObjectDef rockDef = Library.DefaultObjectDef(); rockDef.Id = 2; rockDef.Pose = Pose.At(0xA9B40017, 90, 156, 60);
        WorldObject rock = w.CreateObject(rockDef);
        rockDef.Id = 3;
        Throws<AcphysException>(() => w.CreateObject(rockDef), "max_objects (2)", "full");
        Throws<NoMotionTableException>(() => rock.ApplyMotion(Library.DefaultMotion()), "has no motion table", "no motion");
        Throws<AcphysArgumentException>(() => w.Step(double.NaN), "is not a finite number of seconds", "NaN step");
        Throws<AcphysException>(() => w.SetPeerRules(PeerRules.AceMaxQuantum), "the world has objects or has run", "peer rules after objects");
        Throws<ObjectNotFoundException>(() => w.Object(99), "no object 0x00000063", "unknown object");
        ObjectState s = human.State;
        Check(s.HasCell != 0 && s.Contact != 0 && s.HasMotionTable != 0 && s.PhysicsState == 0x00400C08, "human on the ground");
        rock.SetVelocity(100, 0, 0);
        ObjectState rs = rock.State;
        Check(rs.Velocity[0] == 50.0f, "set_velocity clamps to 50 m/s");
        ServerPosition sp = new ServerPosition(); sp.Pose = Pose.At(0xA9B40017, 91, 156, 60); sp.Contact = 1;
        rock.ServerPosition(sp);
        rock.StickTo(1); rock.Unstick();
        rock.ConstrainTo(Pose.At(0xA9B40017, 91, 156, 60), 0.5f, 1.0f); rock.Unconstrain();
        Throws<AcphysArgumentException>(() => rock.ConstrainTo(Pose.At(0xA9B40017, 91, 156, 60), 1.0f, 0.5f), "start_distance", "constraint");
        MoveTo mt = Library.DefaultMoveTo(); mt.Pose = Pose.At(0xA9B40017, 88, 150, 60);
        Check(mt.RunRate == 1.0f && mt.HasPose == 0, "move-to defaults");
        human.MoveTo(mt);
        MoveTo self = Library.DefaultMoveTo(); self.Type = (uint)MoveToType.MoveToObject; self.Target = 1;
        Throws<AcphysArgumentException>(() => human.MoveTo(self), "an object cannot move to itself", "move to itself");
        ServerPosition keep = sp; keep.KeepHeading = 1;
        Throws<AcphysArgumentException>(() => rock.ServerPosition(keep), "sp->keep_heading: the player only", "player only");
        Motion sticky = Library.DefaultMotion(); sticky.StickyObject = 2;
        human.ApplyMotion(sticky);
        human.Unstick();
        human.Jump(0.5f);
        for (int k = 1; k <= 30; k++) w.Step(k / 30.0);
        rock.Destroy();
        Check(!rock.Exists, "destroyed");
        Throws<ObjectNotFoundException>(() => { ObjectState x = rock.State; }, "no object 0x00000002", "destroyed object");
        w.Dispose();
        Check(!w.IsValid, "disposed world is not valid");
        Throws<AcphysException>(() => w.Step(1.0), "is not a world id", "disposed world");
        Throws<AcphysIOException>(() => Library.RunScenarioFile("/nonexistent.json"), "cannot read the scenario", "missing file");
        Throws<ScenarioException>(() => Library.RunScenarioJson("{\"version\": 1}"), "json: ", "bad scenario");
        Throws<AcphysArgumentException>(() => new World((Profile)9), "def->profile: 9 is not a profile", "bad profile");
        Throws<AcphysArgumentException>(() => Library.RunScenarioJson(null), "json: ", "null scenario JSON");
        Throws<WorldDestroyedException>(() => w.Object(1), "world: ", "object of a disposed world");
        Throws<WorldDestroyedException>(() => { ObjectReports x = human.Reports; }, "acp_object_get_reports", "reports of a disposed world");
    }

    /// <summary>tests/c/test_api.c test_env_reports through the binding: bounce-clamped's drudge
    /// meets the ground at frames 12 and 31 of 60 Hz (its golden's env_collisions); no shadow drops.</summary>
    static unsafe void Reports()
    {
        using (World w = new World(Profile.Retail, 1))
        {
            w.LoadDefaultRecords();
            ObjectDef d = Library.DefaultObjectDef();
            d.Id = 1; d.Setup = 0x020007DD; d.MotionTable = 0x09000008; d.PhysicsState = 0x408;
            d.Friction = 1.5f; d.Elasticity = 0.5f; d.Placement = (uint)Placement.Frame; d.TransientState = 0;
            d.Pose = Pose.At(0xC19A0032, 148.3582f, 26.67754f, 38.5f);
            d.Pose.Orientation[0] = -0.996418f; d.Pose.Orientation[3] = -0.084562f;
            d.Velocity[0] = 1.5f; d.Velocity[1] = 0.0f; d.Velocity[2] = -7.366f;
            WorldObject drudge = w.CreateObject(d);
            w.SetTime(0.0);
            drudge.ApplyMotion(Library.DefaultMotion());
            string landed = ""; uint droppedMax = 0;
            for (int k = 0; k <= 40; k++)
            {
                w.Step(k / 60.0);
                ObjectReports r = drudge.Reports;
                if (r.EnvCollisions != 0) landed += (landed.Length > 0 ? "," : "") + k;
                if (r.CellsDropped > droppedMax) droppedMax = r.CellsDropped;
            }
            Check(landed == "12,31", "drudge env reports at frames 12,31, got " + landed);
            Check(droppedMax == 0, "no shadow drops");
            drudge.Destroy();
            Throws<ObjectNotFoundException>(() => { ObjectReports x = drudge.Reports; }, "acp_object_get_reports: object_id", "reports of a destroyed object");
        }
    }

    static int Main(string[] args)
    {
        Repo = args.Length > 0 ? args[0] : Path.GetFullPath(Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "../.."));
        Conformance();
        WalkThenStop();
        Snapshots();
        Errors();
        Reports();
        Console.WriteLine("csharp: " + checks + " checks, " + failures + " failed");
        return failures == 0 ? 0 : 1;
    }
}

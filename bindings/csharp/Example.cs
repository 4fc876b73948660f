// bindings/csharp/example <scenario.json>: run a scenario through libacphys from C# and print
// "N frames, digest <16 hex digits>" as `acphys run --quiet` does.
using System;

static class Example
{
    static int Main(string[] args)
    {
        if (args.Length != 1)
        {
            Console.Error.WriteLine("usage: bindings/csharp/example <scenario.json>");
            return 2;
        }
        try
        {
            Console.WriteLine(Acphys.Library.RunScenarioFile(args[0]).ToString());
            return 0;
        }
        catch (Acphys.AcphysException e)
        {
            Console.Error.WriteLine("acphys: " + e.Message);
            return 1;
        }
    }
}

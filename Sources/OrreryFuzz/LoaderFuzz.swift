import Scenarios

/// The loader's fuzz target: any bytes, read as a scenario file of any kind, must load or be
/// refused with a positioned error — never crash, hang or allocate without bound.
///
/// Built with libFuzzer (`scripts/fuzz-libfuzzer.sh`, run by hand) it is `LLVMFuzzerTestOneInput`;
/// built normally it replays inputs: `orrery-fuzz FILE...` loads each and prints its verdict, so a
/// crashing input libFuzzer found can be replayed under the debugger.
enum LoaderFuzz {
    /// Loads `bytes` as a scenario file; returns the one-line verdict.
    static func load(_ bytes: [UInt8]) -> String {
        do {
            return "ok: " + (try ScenarioFile.load(bytes: bytes, file: "fuzz.yaml").validationSummary)
        } catch {
            precondition(error.description.hasPrefix("fuzz.yaml:"), "an error without the file's position: \(error.description)")
            return error.description
        }
    }
}

#if ORRERY_LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = LoaderFuzz.load(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// libFuzzer's driver, for executables that keep their own `main` (SwiftPM names an executable
/// target's entry point `<Target>_main`).
@_silgen_name("LLVMFuzzerRunDriver")
func fuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("OrreryFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return fuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#else
import Foundation

@main
struct OrreryFuzzReplay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): unreadable")
                continue
            }
            print("\(path): \(LoaderFuzz.load([UInt8](data)))")
        }
    }
}
#endif

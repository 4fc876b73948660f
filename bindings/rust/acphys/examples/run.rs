//! bindings/rust/example <scenario.json>: prints "N frames, digest <16 hex digits>" as
//! `acphys run --quiet` does, through libacphys from Rust.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 2 {
        eprintln!("usage: bindings/rust/example <scenario.json>");
        std::process::exit(2);
    }
    match acphys::run_scenario(&args[1], None) {
        Ok(r) => println!("{}", r),
        Err(e) => {
            eprintln!("acphys: {}", e);
            std::process::exit(1);
        }
    }
}

//! The folder acphys-sys found libacphys.so in goes on the run path of this crate's tests and
//! examples, so they run without LD_LIBRARY_PATH.
fn main() {
    if let Ok(dir) = std::env::var("DEP_ACPHYS_LIB_DIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir);
    }
}

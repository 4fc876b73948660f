//! Finds libacphys.so and tells rustc to link it, with no crates.io dependency:
//! 1. ACPHYS_LIB_DIR (a folder holding libacphys.so);
//! 2. pkg-config (an installed acphys: `pkg-config --libs-only-L acphys`);
//! 3. the checkout's build/native/, building the library there with cmake when it is missing.
//! The folder is passed on to dependents as DEP_ACPHYS_LIB_DIR (the acphys crate puts it on its
//! tests' and examples' run path).
use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn from_pkg_config() -> Option<PathBuf> {
    let out = Command::new("pkg-config").args(["--libs-only-L", "acphys"]).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    text.split_whitespace().find_map(|a| a.strip_prefix("-L")).map(PathBuf::from)
}

fn from_checkout() -> PathBuf {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let repo = manifest.join("../../..").canonicalize().expect("the acphys checkout");
    let build = repo.join("build/native");
    if !build.join("libacphys.so").exists() {
        if !build.join("CMakeCache.txt").exists() {
            let ok = Command::new("cmake")
                .arg("-S").arg(&repo).arg("-B").arg(&build)
                .args(["-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_C_COMPILER=gcc", "-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG"])
                .status().map(|s| s.success()).unwrap_or(false);
            assert!(ok, "cmake could not configure {}", build.display());
        }
        let ok = Command::new("cmake")
            .arg("--build").arg(&build).args(["--target", "acphys_shared", "--parallel", "2"])
            .status().map(|s| s.success()).unwrap_or(false);
        assert!(ok, "cmake could not build libacphys.so in {}", build.display());
    }
    build
}

fn main() {
    println!("cargo:rerun-if-env-changed=ACPHYS_LIB_DIR");
    let dir = match env::var("ACPHYS_LIB_DIR") {
        Ok(d) if !d.is_empty() => PathBuf::from(d),
        _ => from_pkg_config().unwrap_or_else(from_checkout),
    };
    assert!(Path::new(&dir).join("libacphys.so").exists(), "no libacphys.so in {}", dir.display());
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=acphys");
    println!("cargo:lib_dir={}", dir.display());
}

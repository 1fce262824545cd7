//! Generates the attack tables at build time, so the engine starts with them ready and the hot
//! paths read plain statics (no lazy initialisation check on every lookup).

#[path = "src/variants/board8/reference.rs"]
mod reference;

#[path = "src/variants/chess/tables_gen.rs"]
mod chess;

#[path = "src/variants/cylinder/tables_gen.rs"]
mod cylinder;

use std::{env, fs, path::Path};

fn main() {
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out = Path::new(&out_dir);
    fs::write(out.join("chess_tables.rs"), chess::generate()).expect("write chess tables");
    fs::write(out.join("cylinder_tables.rs"), cylinder::generate()).expect("write cylinder tables");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/variants/board8/reference.rs");
    println!("cargo:rerun-if-changed=src/variants/chess/tables_gen.rs");
    println!("cargo:rerun-if-changed=src/variants/cylinder/tables_gen.rs");
}

//! The layers of docs/architecture.md, checked on the source: no module names a module of a
//! layer above its own. A `crate::` path (in a `use` or inline) is what makes a dependency in
//! this crate, so reading those paths is enough; comments are skipped.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// The layers from the bottom up, each with the top-level modules of `src/` it holds.
const LAYERS: &[(&str, &[&str])] = &[
    ("core", &["core", "version"]),
    ("game", &["game", "outcome", "errors", "record", "diagram"]),
    ("variants", &["variants", "registry"]),
    ("search", &["search", "perft", "nnue"]),
    (
        "front ends",
        &[
            "cli", "protocol", "arbiter", "gui", "selfplay", "datagen", "train", "tune", "stats",
            "pgn_text", "fuzzing",
        ],
    ),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

/// Every `.rs` file under `dir`, with the top-level module it belongs to.
fn sources(dir: &Path, top: Option<&str>, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            sources(&path, Some(top.unwrap_or(&name)), out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let module = top.map_or(name, str::to_string);
            out.push((module, path.to_string_lossy().to_string()));
        }
    }
}

/// The top-level modules a source names through `crate::` paths, outside comments.
fn named_modules(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.push(name);
            }
            rest = after;
        }
        // `use crate::{a, b}` names several at once.
        if let Some(group) = code.split("crate::{").nth(1) {
            for item in group.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    found.push(name);
                }
            }
        }
    }
    found
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let mut files = Vec::new();
    sources(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path(),
        None,
        &mut files,
    );
    assert!(files.len() > 50, "the sources were not found");
    let mut upward: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (module, path) in &files {
        // The crate root and the binary sit above every layer.
        if module == "lib" || module == "main" {
            continue;
        }
        let own = layer_of(module)
            .unwrap_or_else(|| panic!("{path}: module `{module}` is in no layer of LAYERS"));
        let text = fs::read_to_string(path).unwrap();
        for named in named_modules(&text) {
            let Some(theirs) = layer_of(&named) else {
                continue;
            };
            if theirs > own {
                upward.entry(path.clone()).or_default().push(format!(
                    "crate::{named} ({} layer, above {})",
                    LAYERS[theirs].0, LAYERS[own].0
                ));
            }
        }
    }
    assert!(upward.is_empty(), "imports from a layer above: {upward:#?}");
}

#[test]
fn the_checker_sees_an_upward_import() {
    let text = "use crate::game::Game;\nuse crate::{core, protocol::xboard}; // crate::gui\n";
    assert_eq!(named_modules(text), ["game", "core", "protocol"]);
    assert!(layer_of("protocol") > layer_of("game"));
}

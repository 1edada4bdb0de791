//! ARCHITECTURE.md kept true (issue 35): the library's imports follow the layer
//! table below (the same table as ARCHITECTURE.md's, checked to be), no two modules
//! import each other even through others (no circle, among the top-level modules
//! nor among the files of one directory), and the library never imports the
//! command line. Imports are read from the sources: every `crate::NAME` and
//! `super::NAME` outside comments and `#[cfg(test)]` modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a module may import its own layer and the layers
/// before it.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "algebra kernel",
        &[
            "perm", "letters", "matrix", "escape", "limits", "io", "progress",
        ],
    ),
    ("words", &["word"]),
    ("group theory", &["group"]),
    ("puzzles", &["puzzle"]),
    (
        "proofs and linear algebra",
        &["proof", "certificate", "linalg"],
    ),
    ("search", &["search"]),
    ("the seeds' subject", &["nrp", "reproduce"]),
    ("presentation", &["figures", "display"]),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The source of a file without comments and without its `#[cfg(test)]` module.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names following `prefix` in `code` (`crate::` → `search`, …).
fn names_after<'a>(code: &'a str, prefix: &str) -> BTreeSet<&'a str> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        let before_ok = i == 0
            || !rest[..i]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
        rest = &rest[i + prefix.len()..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if before_ok && end > 0 {
            out.insert(&rest[..end]);
        }
    }
    out
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The top-level module of a file under `src/` (`None` for lib.rs and main.rs).
fn top_module(path: &Path) -> Option<String> {
    let rel = path.strip_prefix(src()).unwrap();
    let first = rel.components().next()?.as_os_str().to_string_lossy();
    let name = first.trim_end_matches(".rs").to_string();
    (name != "lib" && name != "main").then_some(name)
}

/// The library's modules and which other modules each imports.
fn top_level_imports() -> BTreeMap<String, BTreeSet<String>> {
    let tops: BTreeSet<String> = files(&src()).iter().filter_map(|p| top_module(p)).collect();
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files(&src()) {
        let Some(top) = top_module(&f) else { continue };
        if top == "cli" {
            continue;
        }
        let c = code(&f);
        let entry = out.entry(top.clone()).or_default();
        for n in names_after(&c, "crate::") {
            if n != top && tops.contains(n) {
                entry.insert(n.to_string());
            }
        }
    }
    out
}

/// The strongly connected components of more than one node (the circles).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Tarjan's algorithm, recursive (the graphs are small)
    struct T<'a> {
        e: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        let i = t.index.len();
        t.index.insert(v, i);
        t.low.insert(v, i);
        t.stack.push(v);
        t.on.insert(v);
        if let Some(ws) = t.e.get(v) {
            for w in ws {
                let w = w.as_str();
                if !t.index.contains_key(w) {
                    visit(t, w);
                    let lw = t.low[w];
                    let lv = t.low[v];
                    t.low.insert(v, lv.min(lw));
                } else if t.on.contains(w) {
                    let iw = t.index[w];
                    let lv = t.low[v];
                    t.low.insert(v, lv.min(iw));
                }
            }
        }
        if t.low[v] == t.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = t.stack.pop().unwrap();
                t.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        e: edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    let nodes: Vec<&str> = edges
        .keys()
        .map(String::as_str)
        .chain(edges.values().flatten().map(String::as_str))
        .collect();
    for v in nodes {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    t.out
}

/// The layer of each module.
fn layer_of() -> BTreeMap<&'static str, usize> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(i, (_, ms))| ms.iter().map(move |m| (*m, i)))
        .collect()
}

/// The violations of the layer table in `imports`.
fn violations(imports: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let layer = layer_of();
    let mut out = Vec::new();
    for (m, uses) in imports {
        let Some(&lm) = layer.get(m.as_str()) else {
            out.push(format!("{m}: not in the layer table"));
            continue;
        };
        for u in uses {
            if u == "cli" {
                out.push(format!("{m} imports the command line"));
            }
            match layer.get(u.as_str()) {
                Some(&lu) if lu > lm => out.push(format!(
                    "{m} ({}) imports {u} ({})",
                    LAYERS[lm].0, LAYERS[lu].0
                )),
                None if u != "cli" => out.push(format!("{m} imports {u}, not in the layer table")),
                _ => {}
            }
        }
    }
    out
}

#[test]
fn the_library_follows_the_layer_table() {
    let imports = top_level_imports();
    let v = violations(&imports);
    assert!(v.is_empty(), "{v:#?}");
    // every module of the library is in the table, and the table has no stale entry
    let layer = layer_of();
    let modules: BTreeSet<&str> = imports.keys().map(String::as_str).collect();
    let listed: BTreeSet<&str> = layer.keys().copied().collect();
    assert_eq!(modules, listed);
}

#[test]
fn no_module_imports_another_that_imports_it_back() {
    let c = circles(&top_level_imports());
    assert!(c.is_empty(), "top-level circles: {c:?}");
    // within each directory, among its files
    for dir in std::fs::read_dir(src()).unwrap().flatten() {
        let d = dir.path();
        if !d.is_dir() {
            continue;
        }
        let top = d.file_name().unwrap().to_string_lossy().to_string();
        let mods: BTreeSet<String> = files(&d)
            .iter()
            .filter(|p| p.parent() == Some(d.as_path()))
            .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
            .filter(|m| m != "mod")
            .collect();
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for m in &mods {
            let c = code(&d.join(format!("{m}.rs")));
            let mut uses = BTreeSet::new();
            for prefix in ["super::".to_string(), format!("crate::{top}::")] {
                for n in names_after(&c, &prefix) {
                    if n != m && mods.contains(n) {
                        uses.insert(n.to_string());
                    }
                }
            }
            edges.insert(m.clone(), uses);
        }
        let c = circles(&edges);
        assert!(c.is_empty(), "circles among the files of src/{top}: {c:?}");
    }
}

#[test]
fn architecture_md_states_the_same_layers() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .unwrap();
    for (name, modules) in LAYERS {
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| {name} |")))
            .unwrap_or_else(|| panic!("ARCHITECTURE.md has no row for the layer {name:?}"));
        for m in *modules {
            assert!(
                row.contains(&format!("`{m}`")),
                "ARCHITECTURE.md's row {name:?} does not name `{m}`"
            );
        }
    }
}

/// The checker itself: an import against the table is found, and so is a circle.
#[test]
fn the_checks_find_what_they_look_for() {
    let mut imports = top_level_imports();
    imports
        .get_mut("perm")
        .unwrap()
        .insert("search".to_string());
    let v = violations(&imports);
    assert_eq!(
        v,
        ["perm (algebra kernel) imports search (search)"],
        "{v:?}"
    );
    let c = circles(&imports);
    assert!(
        c.iter()
            .any(|c| c.contains(&"perm".to_string()) && c.contains(&"search".to_string())),
        "{c:?}"
    );
    imports.get_mut("group").unwrap().insert("cli".to_string());
    assert!(violations(&imports).contains(&"group imports the command line".to_string()));
}

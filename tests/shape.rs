//! The workspace's shape, held: no import circle between the files of a crate, no source file
//! past 800 lines and no function past 150 (data tables and the 7090 executor's match excepted).
//!
//! The circle check reads each crate's files the way a contributor does: a file depends on
//! the modules its code names through `crate::`, `super::` and `self::` paths (`use` groups
//! expanded) and through paths into its own child modules; comments, strings and test modules
//! are left out, and a module's references to its own ancestors or descendants are one room
//! seen from two sides, not a circle. A circle is a strongly connected group of two or more
//! files.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Files that may pass 800 lines besides the data tables (`*table.rs`): none today.
const LONG_FILES: &[&str] = &[];
/// Functions that may pass 150 lines: (file, function), each one match with an arm per order.
const LONG_FUNCTIONS: &[(&str, &str)] = &[
    ("emu/src/ibm7090/cpu/exec.rs", "machine"),
    ("emu/src/silliac/orders.rs", "row"),
];
const MAX_FILE_LINES: usize = 800;
const MAX_FUNCTION_LINES: usize = 150;

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every crate's `src/` folder: a folder holding a Cargo.toml and a `src/`.
fn crates(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![root.to_path_buf()];
    while let Some(dir) = todo.pop() {
        if dir.join("Cargo.toml").is_file() && dir.join("src").is_dir() {
            out.push(dir.join("src"));
        }
        for entry in fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if path.is_dir()
                && !matches!(&*name, "target" | "tests" | "node_modules" | "src")
                && !name.starts_with('.')
            {
                todo.push(path);
            }
        }
    }
    out.sort();
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code with comments, string and character literals blanked (newlines kept, so line
/// numbers hold).
fn strip(code: &str) -> String {
    let b = code.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let blank = |out: &mut Vec<u8>, s: &[u8]| {
        out.extend(s.iter().map(|&c| if c == b'\n' { b'\n' } else { b' ' }));
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (0usize, 0);
            while j < rest.len() {
                if rest[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, &rest[..j.min(rest.len())]);
            i += j;
        } else if let Some(len) = raw_string(b, i) {
            blank(&mut out, &b[i..i + len]);
            i += len;
        } else if rest[0] == b'"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != b'"' {
                j += if rest[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest[0] == b'\'' {
            // A character literal, or a lifetime (left as it is).
            let len = if rest.get(1) == Some(&b'\\') {
                rest.iter().skip(2).position(|&c| c == b'\'').map(|p| p + 3)
            } else {
                let ch = std::str::from_utf8(&rest[1..rest.len().min(5)])
                    .ok()
                    .or_else(|| std::str::from_utf8(&rest[1..]).ok())
                    .and_then(|s| s.chars().next());
                ch.map(char::len_utf8)
                    .filter(|&n| rest.get(1 + n) == Some(&b'\''))
                    .map(|n| n + 2)
            };
            match len {
                Some(n) => {
                    blank(&mut out, &rest[..n]);
                    i += n;
                }
                None => {
                    out.push(b'\'');
                    i += 1;
                }
            }
        } else {
            out.push(rest[0]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The length of a raw (byte) string literal starting at `i`, if one does.
fn raw_string(b: &[u8], i: usize) -> Option<usize> {
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    let mut j = i;
    if b.get(j) == Some(&b'b') {
        j += 1;
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
    j += hashes;
    if b.get(j) != Some(&b'"') {
        return None;
    }
    let close: Vec<u8> = std::iter::once(b'"')
        .chain(std::iter::repeat_n(b'#', hashes))
        .collect();
    let body = &b[j + 1..];
    let end = body
        .windows(close.len())
        .position(|w| w == close.as_slice())?;
    Some(j + 1 + end + close.len() - i)
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The index just past the brace that closes the one at `open`.
fn matching_brace(code: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    for (j, &c) in code.iter().enumerate().skip(open) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// `#[cfg(test)]` items' spans: an inline test module's body, to cut out; and the names of
/// test modules kept in files of their own.
fn test_modules(code: &str) -> (Vec<(usize, usize)>, Vec<String>) {
    let b = code.as_bytes();
    let (mut spans, mut files) = (Vec::new(), Vec::new());
    let mut from = 0;
    while let Some(p) = code[from..].find("#[cfg(test)]") {
        let at = from + p;
        from = at + 1;
        let mut words = code[at + 12..].split_whitespace();
        let mut word = words.next().unwrap_or("");
        if word.starts_with("pub") {
            word = words.next().unwrap_or("");
        }
        if word != "mod" {
            continue;
        }
        let after_mod = at + 12 + code[at + 12..].find("mod").unwrap() + 3;
        let name: String = code[after_mod..]
            .trim_start()
            .bytes()
            .take_while(|&c| is_word(c))
            .map(char::from)
            .collect();
        let next = code[after_mod..].find(['{', ';']).map(|p| after_mod + p);
        match next {
            Some(q) if b[q] == b'{' => spans.push((at, matching_brace(b, q))),
            Some(_) => files.push(name),
            None => {}
        }
    }
    (spans, files)
}

fn cut(code: &str, spans: &[(usize, usize)]) -> String {
    let mut out = String::new();
    let mut at = 0;
    for &(s, e) in spans {
        if s >= at {
            out.push_str(&code[at..s]);
            at = e;
        }
    }
    out.push_str(&code[at.min(code.len())..]);
    out
}

type Module = Vec<String>;

struct Crate {
    src: PathBuf,
    files: BTreeMap<Module, PathBuf>,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut paths = Vec::new();
        rust_files(src, &mut paths);
        let mut files = BTreeMap::new();
        let mut test_only: BTreeSet<Module> = BTreeSet::new();
        for p in &paths {
            let rel = p.strip_prefix(src).unwrap().with_extension("");
            let mut m: Module = rel
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            if matches!(m.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                m.pop();
            }
            if m.iter().any(|s| s == "tests") || m.first().is_some_and(|s| s == "bin") {
                continue;
            }
            let (_, tests) = test_modules(&strip(&fs::read_to_string(p).unwrap()));
            let here = m.clone();
            for t in tests {
                let mut child = here.clone();
                child.push(t);
                test_only.insert(child);
            }
            files.insert(m, p.clone());
        }
        files.retain(|m, _| !test_only.iter().any(|t| m.starts_with(t)));
        Crate {
            src: src.to_path_buf(),
            files,
        }
    }

    /// The module a path names from `base`: the longest prefix that is a file of the crate.
    fn resolve(&self, mut path: Module) -> Option<Module> {
        while !path.is_empty() {
            if self.files.contains_key(&path) {
                return Some(path);
            }
            path.pop();
        }
        None
    }

    fn edges(&self) -> BTreeMap<Module, BTreeSet<Module>> {
        let mut edges = BTreeMap::new();
        for (m, p) in &self.files {
            let raw = strip(&fs::read_to_string(p).unwrap());
            let (spans, _) = test_modules(&raw);
            let code = cut(&raw, &spans);
            let mut to = BTreeSet::new();
            for path in named_paths(&code) {
                let target = match path[0].as_str() {
                    "crate" => path[1..].to_vec(),
                    "self" => [m.clone(), path[1..].to_vec()].concat(),
                    "super" => {
                        let mut base = m.clone();
                        let mut rest = &path[..];
                        while rest.first().is_some_and(|s| s == "super") {
                            base.pop();
                            rest = &rest[1..];
                        }
                        [base, rest.to_vec()].concat()
                    }
                    _ => {
                        // A bare path: one into a child module of this file.
                        let base = m.clone();
                        let mut child = base.clone();
                        child.push(path[0].clone());
                        if !self.files.contains_key(&child) {
                            continue;
                        }
                        [base, path.clone()].concat()
                    }
                };
                if let Some(t) = self.resolve(target) {
                    if !t.starts_with(m) && !m.starts_with(&t) {
                        to.insert(t);
                    }
                }
            }
            edges.insert(m.clone(), to);
        }
        edges
    }

    fn name(&self, m: &Module) -> String {
        self.files[m]
            .strip_prefix(&self.src)
            .unwrap()
            .display()
            .to_string()
    }
}

/// Every path of two or more segments the code names, `use` groups expanded.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if is_word(b[i]) && (i == 0 || (!is_word(b[i - 1]) && !preceded_by_colons(b, i))) {
            let (paths, end) = path_at(b, i);
            out.extend(paths.into_iter().filter(|p| p.len() >= 2));
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

fn preceded_by_colons(b: &[u8], i: usize) -> bool {
    let mut j = i;
    while j > 0 && b[j - 1] == b' ' {
        j -= 1;
    }
    j >= 2 && &b[j - 2..j] == b"::"
}

/// The path (or `use` tree) starting at `i`: its expansions and where it ends.
fn path_at(b: &[u8], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    loop {
        let start = i;
        while i < b.len() && is_word(b[i]) {
            i += 1;
        }
        prefix.push(String::from_utf8_lossy(&b[start..i]).into_owned());
        let mut j = i;
        while j < b.len() && b[j] == b' ' {
            j += 1;
        }
        if !b[j..].starts_with(b"::") {
            return (vec![prefix], i);
        }
        j += 2;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j < b.len() && b[j] == b'{' {
            let end = matching_brace(b, j);
            let mut out = Vec::new();
            for item in split_top(&b[j + 1..end - 1]) {
                let item = item.trim_ascii();
                if item.is_empty() || item == b"*" {
                    out.push(prefix.clone());
                    continue;
                }
                if item == b"self" {
                    out.push(prefix.clone());
                    continue;
                }
                let (subs, _) = path_at(item, 0);
                for s in subs {
                    out.push([prefix.clone(), s].concat());
                }
            }
            return (out, end);
        }
        if j < b.len() && is_word(b[j]) {
            i = j;
        } else {
            return (vec![prefix], j);
        }
    }
}

fn split_top(b: &[u8]) -> Vec<&[u8]> {
    let (mut out, mut depth, mut from) = (Vec::new(), 0, 0);
    for (j, &c) in b.iter().enumerate() {
        match c {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b',' if depth == 0 => {
                out.push(&b[from..j]);
                from = j + 1;
            }
            _ => {}
        }
    }
    out.push(&b[from..]);
    out
}

/// Strongly connected groups of two or more modules (Tarjan).
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        next: usize,
        out: Vec<Vec<Module>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Module) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        for w in &s.edges[v] {
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.stack.contains(&w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut group = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                group.push(w.clone());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                s.out.push(group);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

fn crate_circles(src: &Path) -> Vec<String> {
    let c = Crate::read(src);
    let rel = src
        .strip_prefix(workspace())
        .unwrap_or(src)
        .display()
        .to_string();
    circles(&c.edges())
        .iter()
        .map(|g| {
            let names: Vec<String> = g.iter().map(|m| c.name(m)).collect();
            format!("{rel}: {}", names.join(" <-> "))
        })
        .collect()
}

#[test]
fn no_import_circle_between_the_files_of_a_crate() {
    let found: Vec<String> = crates(&workspace())
        .iter()
        .flat_map(|s| crate_circles(s))
        .collect();
    assert!(
        found.is_empty(),
        "import circles (a file that uses a file that uses it; move the shared item to a room \
         both can use):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_circle_check_sees_a_circle() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    fs::create_dir_all(src.join("a")).unwrap();
    fs::write(src.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    fs::write(src.join("a.rs"), "mod inner;\nuse crate::b::Thing;\n").unwrap();
    fs::write(src.join("a/inner.rs"), "pub const K: u8 = 1;\n").unwrap();
    fs::write(
        src.join("b.rs"),
        "// crate::a in a comment is no edge\npub struct Thing;\nfn f() { let _ = \"crate::a\"; \
         let _ = super::a::K; }\n#[cfg(test)]\nmod tests { use crate::a; }\n",
    )
    .unwrap();
    let found = crate_circles(&src);
    assert_eq!(found, vec![format!("{}: a.rs <-> b.rs", src.display())]);
    // A path into a's own child is no path to a.
    fs::write(
        src.join("b.rs"),
        "pub struct Thing;\nfn f() { let _ = super::a::inner::K; }\n",
    )
    .unwrap();
    assert!(crate_circles(&src).is_empty());
    // The same pair without the path in code: no circle.
    fs::write(
        src.join("b.rs"),
        "// crate::a in a comment is no edge\npub struct Thing;\nfn f() { let _ = \"crate::a\"; }\n\
         #[cfg(test)]\nmod tests { use crate::a; }\n",
    )
    .unwrap();
    assert!(crate_circles(&src).is_empty());
    // A group in a use tree counts: `use crate::{b::Thing}` from a, `use super::{a}` from b.
    fs::write(src.join("a.rs"), "use crate::{b::{Thing}};\n").unwrap();
    fs::write(src.join("b.rs"), "pub struct Thing;\nuse super::{a};\n").unwrap();
    assert_eq!(crate_circles(&src).len(), 1);
}

/// Each tracked source file's lines before its tests, and each function's lines.
fn source_files() -> Vec<(String, String)> {
    let root = workspace();
    let mut out = Vec::new();
    for src in crates(&root) {
        let mut paths = Vec::new();
        rust_files(&src, &mut paths);
        for p in paths {
            let rel = p.strip_prefix(&root).unwrap().display().to_string();
            if rel.split('/').any(|s| s == "tests") || rel.ends_with("/tests.rs") {
                continue;
            }
            out.push((rel, fs::read_to_string(&p).unwrap()));
        }
    }
    out
}

fn is_data_table(rel: &str) -> bool {
    rel.ends_with("table.rs")
}

#[test]
fn no_source_file_past_800_lines() {
    let mut long = Vec::new();
    for (rel, code) in source_files() {
        if is_data_table(&rel) || LONG_FILES.contains(&rel.as_str()) {
            continue;
        }
        let lines = code
            .lines()
            .take_while(|l| !l.contains("#[cfg(test)]"))
            .count();
        if lines > MAX_FILE_LINES {
            long.push(format!("{rel}: {lines} lines before its tests"));
        }
    }
    assert!(
        long.is_empty(),
        "files past {MAX_FILE_LINES} lines:\n{}",
        long.join("\n")
    );
}

/// Each function's name and its body's length in lines.
fn functions(code: &str) -> Vec<(String, usize)> {
    let code = strip(code);
    let (spans, _) = test_modules(&code);
    let code = cut(&code, &spans);
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(p) = code[from..].find("fn ") {
        let at = from + p;
        from = at + 3;
        if at > 0 && is_word(b[at - 1]) {
            continue;
        }
        let name: String = code[at + 3..]
            .trim_start()
            .bytes()
            .take_while(|&c| is_word(c))
            .map(char::from)
            .collect();
        let Some(q) = code[at..].find(['{', ';']).map(|q| at + q) else {
            continue;
        };
        if b[q] == b';' {
            continue;
        }
        let end = matching_brace(b, q);
        out.push((name, code[q..end].lines().count()));
    }
    out
}

#[test]
fn no_function_past_150_lines() {
    let mut long = Vec::new();
    for (rel, code) in source_files() {
        if is_data_table(&rel) {
            continue;
        }
        for (name, lines) in functions(&code) {
            if lines > MAX_FUNCTION_LINES
                && !LONG_FUNCTIONS.contains(&(rel.as_str(), name.as_str()))
            {
                long.push(format!("{rel}: fn {name}, {lines} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions past {MAX_FUNCTION_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_length_checks_count_what_they_should() {
    let code = "fn short() {\n    1\n}\n// fn commented() {\nfn two() { let s = \"{\"; }\n\
                #[cfg(test)]\nmod tests {\n    fn hidden() {}\n}\n";
    assert_eq!(
        functions(code),
        vec![("short".to_string(), 3), ("two".to_string(), 1)]
    );
}

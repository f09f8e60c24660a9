//! The corpus: every payload both parsers accept, parsed into trees.

use super::*;

// ---------------------------------------------------------------------------------------------
// The corpus

pub(crate) struct Source {
    pub(crate) bytes: Vec<u8>,
    pub(crate) tree: Option<J>,
    /// Both parsers accept it as it is.
    pub(crate) valid: bool,
}

pub(crate) fn corpus() -> Vec<Source> {
    let root = repo_root().join("corpus");
    let mut payloads: Vec<Vec<u8>> = Vec::new();
    for file in tlgen_tests::sorted_files(&root, "jsonl") {
        let bytes = std::fs::read(&file).unwrap();
        payloads.extend(
            bytes
                .split(|&b| b == b'\n')
                .map(<[u8]>::trim_ascii)
                .filter(|l| !l.is_empty())
                .map(<[u8]>::to_vec),
        );
    }
    for file in tlgen_tests::sorted_files(&root.join("named"), "json") {
        let bytes = std::fs::read(&file).unwrap();
        let bytes = bytes.trim_ascii();
        if !bytes.is_empty() {
            payloads.push(bytes.to_vec());
        }
    }
    payloads
        .into_iter()
        // documents of megabytes would dominate the run time; they are swept elsewhere
        .filter(|p| p.len() <= 64 * 1024)
        .map(|bytes| {
            let valid = tlgen_tests::validate(&bytes) == Verdict::Agree;
            let tree = TreeParser::parse(&bytes);
            Source { bytes, tree, valid }
        })
        .collect()
}

pub(crate) fn type_names(sources: &[Source]) -> Vec<String> {
    let mut names = BTreeSet::new();
    pub(crate) fn go(j: &J, names: &mut BTreeSet<String>) {
        match j {
            J::Obj(members) => {
                for (k, v) in members {
                    if k == b"@type" {
                        if let J::Str(name) = v {
                            names.insert(String::from_utf8_lossy(name).into_owned());
                        }
                    }
                    go(v, names);
                }
            }
            J::Arr(items) => items.iter().for_each(|i| go(i, names)),
            _ => {}
        }
    }
    for s in sources {
        if let Some(t) = &s.tree {
            go(t, &mut names);
        }
    }
    names.into_iter().collect()
}

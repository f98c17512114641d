//! The listing writer: aligned columns of generated code beside the source text, then
//! free-form sections (memory map, symbols). The dialect decides what goes in each column.

/// One row: the generated-code columns (may be empty) and the source line it came from.
#[derive(Clone, Debug, Default)]
pub struct Row {
    pub columns: Vec<String>,
    pub line: Option<u32>,
    pub source: String,
}

#[derive(Clone, Debug, Default)]
pub struct Listing {
    pub header: Vec<String>,
    pub rows: Vec<Row>,
    pub sections: Vec<(String, Vec<String>)>,
}

impl Listing {
    /// Render with each column padded to its widest entry.
    pub fn render(&self) -> String {
        let ncols = self.rows.iter().map(|r| r.columns.len()).max().unwrap_or(0);
        let mut widths = vec![0usize; ncols];
        for r in &self.rows {
            for (i, c) in r.columns.iter().enumerate() {
                widths[i] = widths[i].max(c.chars().count());
            }
        }
        let lw = self
            .rows
            .iter()
            .filter_map(|r| r.line)
            .max()
            .unwrap_or(0)
            .to_string()
            .len();
        let mut out = String::new();
        for h in &self.header {
            out.push_str(h);
            out.push('\n');
        }
        for r in &self.rows {
            let mut s = String::new();
            for (i, w) in widths.iter().enumerate() {
                let c = r.columns.get(i).map(String::as_str).unwrap_or("");
                s.push_str(&format!("{c:<w$}  "));
            }
            match r.line {
                Some(n) => s.push_str(&format!("{n:>lw$}  ")),
                None => s.push_str(&format!("{:lw$}  ", "")),
            }
            s.push_str(&r.source);
            out.push_str(s.trim_end());
            out.push('\n');
        }
        for (title, lines) in &self.sections {
            out.push('\n');
            out.push_str(title);
            out.push('\n');
            for l in lines {
                out.push_str(l);
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_columns() {
        let l = Listing {
            header: vec!["h".into()],
            rows: vec![
                Row {
                    columns: vec!["1".into(), "abc".into()],
                    line: Some(1),
                    source: "x".into(),
                },
                Row {
                    columns: vec![],
                    line: Some(10),
                    source: "; c".into(),
                },
            ],
            sections: vec![("S".into(), vec!["s1".into()])],
        };
        assert_eq!(l.render(), "h\n1  abc   1  x\n        10  ; c\n\nS\ns1\n");
    }
}

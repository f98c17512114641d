//! The BWTC campaign: MATER on the 1,001 mating positions of BWTC.PGN, beside the Stockfish
//! table made from them (shared/chess/bwtc_stockfish.tsv, copied to programs/chess/testdata):
//! how many each MATER proves, whether its first move is Stockfish's and the book's key move,
//! and how its mate distance compares with Stockfish's (an upper bound at 0.25 s a position).

use super::{solve, MateResult, Params};
use crate::fen::{parse_fen, FenError};
use crate::notation::san;
use crate::Position;

/// The table, built into the library so the campaign runs from any directory.
pub const BWTC_TSV: &str = include_str!("../../testdata/bwtc_stockfish.tsv");

/// One row of the table.
#[derive(Clone, Debug)]
pub struct Row {
    /// Line number in BWTC.PGN (1..1001).
    pub number: u32,
    pub position: Position,
    /// The book's key move, SAN without marks.
    pub key_move: String,
    /// Stockfish's mate distance in moves, if it found one.
    pub sf_mate: Option<u32>,
    /// Stockfish's first move, SAN without marks (None when its PV is empty).
    pub sf_first: Option<String>,
    /// Every attacker move of Stockfish's PV gives check.
    pub sf_all_checks: bool,
}

/// A malformed table line: the line (1-based, header included), the field and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("line {line}: expected 6 tab-separated fields, found {found}")]
    Fields { line: usize, found: usize },
    #[error("line {line}, field `{field}`: cannot read `{text}`")]
    Field {
        line: usize,
        field: &'static str,
        text: String,
    },
    #[error("line {line}, field `fen`: {error}")]
    Fen { line: usize, error: FenError },
}

/// SAN without check, mate and annotation marks and without a "..." prefix.
pub fn bare_san(s: &str) -> String {
    s.trim()
        .trim_start_matches("...")
        .trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .to_string()
}

/// The first move of a PV written "1. Bxf7+ Kh8 2. ..." or "1...Qh2+ 2. Kf1".
fn first_pv_move(pv: &str) -> Option<String> {
    pv.split_whitespace()
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .find(|t| !t.is_empty())
        .map(bare_san)
}

/// Read the table (comment lines start with `#`; the header starts with `line`).
pub fn read_table(text: &str) -> Result<Vec<Row>, TableError> {
    let mut rows = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let line = i + 1;
        let l = l.trim_end_matches('\r');
        if l.starts_with('#') || l.starts_with("line\t") || l.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = l.split('\t').collect();
        if f.len() != 6 {
            return Err(TableError::Fields {
                line,
                found: f.len(),
            });
        }
        let number = f[0].parse().map_err(|_| TableError::Field {
            line,
            field: "line",
            text: f[0].into(),
        })?;
        let position = parse_fen(f[1]).map_err(|error| TableError::Fen { line, error })?;
        let sf_mate = if f[3].is_empty() {
            None
        } else {
            Some(f[3].parse().map_err(|_| TableError::Field {
                line,
                field: "sf_mate_moves",
                text: f[3].into(),
            })?)
        };
        rows.push(Row {
            number,
            position,
            key_move: bare_san(f[2]),
            sf_mate,
            sf_first: first_pv_move(f[4]),
            sf_all_checks: f[5] == "True",
        });
    }
    Ok(rows)
}

/// MATER's answer on one row.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub number: u32,
    pub result: MateResult,
    /// MATER's first move, SAN without marks (None when it proved nothing).
    pub first: Option<String>,
}

/// Run MATER on each row.
pub fn run(rows: &[Row], params: &Params) -> Vec<Outcome> {
    rows.iter()
        .map(|row| {
            let result = solve(&row.position, params);
            let first = result
                .line
                .first()
                .map(|&m| bare_san(&san(&row.position, m)));
            Outcome {
                number: row.number,
                result,
                first,
            }
        })
        .collect()
}

/// The campaign's figures for one MATER.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Summary {
    /// Positions of the table tried.
    pub positions_tried: usize,
    /// Mates proved.
    pub found: usize,
    /// Proved where Stockfish (0.25 s) found no mate.
    pub found_where_stockfish_none: usize,
    /// First move equal to Stockfish's first move.
    pub same_first_as_stockfish: usize,
    /// First move equal to the book's key move.
    pub same_first_as_key: usize,
    /// Where both found a mate: MATER's shorter than Stockfish's.
    pub shorter_than_stockfish: usize,
    /// Where both found a mate: the same distance.
    pub same_distance_as_stockfish: usize,
    /// Where both found a mate: MATER's longer.
    pub longer_than_stockfish: usize,
    /// Rows whose Stockfish PV is all checks.
    pub stockfish_all_checks: usize,
    /// Of those, the ones MATER proves.
    pub found_of_all_checks: usize,
    /// Found, by MATER's mate distance (index 1..=9 moves; index 0 unused).
    pub found_by_distance: Vec<usize>,
    /// Positions examined, summed over the rows.
    pub positions_total: u64,
    /// Positions examined, the most in a row.
    pub positions_max: u64,
}

pub fn summarize(rows: &[Row], outcomes: &[Outcome]) -> Summary {
    let mut s = Summary {
        positions_tried: rows.len(),
        found_by_distance: vec![0; 10],
        ..Summary::default()
    };
    for (row, o) in rows.iter().zip(outcomes) {
        s.positions_total += o.result.positions;
        s.positions_max = s.positions_max.max(o.result.positions);
        s.stockfish_all_checks += row.sf_all_checks as usize;
        if !o.result.found {
            continue;
        }
        s.found += 1;
        s.found_of_all_checks += row.sf_all_checks as usize;
        let n = o.result.mate_in();
        s.found_by_distance[n.min(9)] += 1;
        s.same_first_as_stockfish += (o.first == row.sf_first) as usize;
        s.same_first_as_key += (o.first.as_deref() == Some(row.key_move.as_str())) as usize;
        match row.sf_mate {
            None => s.found_where_stockfish_none += 1,
            Some(m) => match (n as u32).cmp(&m) {
                std::cmp::Ordering::Less => s.shorter_than_stockfish += 1,
                std::cmp::Ordering::Equal => s.same_distance_as_stockfish += 1,
                std::cmp::Ordering::Greater => s.longer_than_stockfish += 1,
            },
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_reads_all_1001() {
        let rows = read_table(BWTC_TSV).unwrap();
        assert_eq!(rows.len(), 1001);
        assert_eq!(rows[0].key_move, "Qxf7");
        assert_eq!(rows[0].sf_first.as_deref(), Some("Bxf7"));
        let r199 = &rows[198];
        assert_eq!((r199.key_move.as_str(), r199.sf_mate), ("Qh2", Some(3)));
        assert_eq!(r199.sf_first.as_deref(), Some("Qh2"));
    }

    #[test]
    fn bad_table_line_named() {
        let e = read_table("line\tfen\tk\ts\tp\ta\n7\tnot a fen\tQf6\t\t\t\n").unwrap_err();
        assert!(e.to_string().starts_with("line 2, field `fen`"), "{e}");
        let e = read_table("1\tx\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: expected 6 tab-separated fields, found 2"
        );
    }
}

//! Reading the printer: the block every chess program prints for a problem (chess-fap
//! interface: board, side, MOVE, VALUE, PRINCIPAL VARIATION, POSITIONS EXAMINED) and perft's
//! `PERFT d n` line. Error lines the programs print (GAME CARD ERROR, INITIA ERROR, ...) are
//! returned as errors with the line.

use crate::notation::parse_uci;
use crate::search::SearchResult;
use crate::Position;

/// The printout was not what the harness expects.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("printout: {message}")]
pub struct PrintoutError {
    pub message: String,
}

impl PrintoutError {
    pub fn new(message: String) -> PrintoutError {
        PrintoutError { message }
    }
}

/// A program's answer for one problem, as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The PRBORD lines (9).
    pub board: Vec<String>,
    /// +1 White, -1 Black to move.
    pub side: i8,
    /// The move in UCI (lower case), None for NO LEGAL MOVE.
    pub best: Option<String>,
    pub value: Option<i64>,
    /// The principal variation, UCI lower case.
    pub pv: Vec<String>,
    pub positions: u64,
}

impl Block {
    /// The block as a search answer for `p`: the move read as a legal move of `p`, the value
    /// checked to fit, the principal variation read move by move along its own line.
    pub fn search_result(&self, p: &Position, depth: usize) -> Result<SearchResult, PrintoutError> {
        let bad = |m: String| PrintoutError::new(m);
        let best = match &self.best {
            None => None,
            Some(u) => {
                Some(parse_uci(p, u).ok_or_else(|| bad(format!("MOVE {u}: not legal here")))?)
            }
        };
        let value = self
            .value
            .ok_or_else(|| bad("no VALUE line".into()))?
            .try_into()
            .map_err(|_| bad("VALUE out of range".into()))?;
        let mut q = p.clone();
        let mut pv = Vec::with_capacity(self.pv.len());
        for u in &self.pv {
            let m = parse_uci(&q, u)
                .ok_or_else(|| bad(format!("PRINCIPAL VARIATION {u}: not legal here")))?;
            q.make(m);
            pv.push(m);
        }
        Ok(SearchResult {
            best,
            value,
            pv,
            positions: self.positions,
            depth,
        })
    }
}

/// A line the programs print when a card is wrong.
fn error_line(lines: &[String]) -> Option<&String> {
    lines.iter().find(|l| l.contains(" ERROR"))
}

fn number<T: std::str::FromStr>(text: &str, line: &str) -> Result<T, PrintoutError> {
    text.trim()
        .parse()
        .map_err(|_| PrintoutError::new(format!("`{line}`: `{}` is not a number", text.trim())))
}

/// `PERFT d n`: (d, n).
pub fn parse_perft(lines: &[String]) -> Result<(u32, u64), PrintoutError> {
    for l in lines {
        if let Some(rest) = l.strip_prefix("PERFT ") {
            let f: Vec<&str> = rest.split_whitespace().collect();
            if f.len() != 2 {
                return Err(PrintoutError::new(format!("`{l}`: expected PERFT d n")));
            }
            return Ok((number(f[0], l)?, number(f[1], l)?));
        }
    }
    Err(missing("PERFT d n", lines))
}

fn missing(what: &str, lines: &[String]) -> PrintoutError {
    match error_line(lines) {
        Some(e) => PrintoutError::new(format!("the program printed `{e}`")),
        None => PrintoutError::new(format!("no `{what}` line in {} printed lines", lines.len())),
    }
}

/// The block of one problem.
pub fn parse_block(lines: &[String]) -> Result<Block, PrintoutError> {
    let side_at = lines
        .iter()
        .position(|l| l == "WHITE TO MOVE" || l == "BLACK TO MOVE")
        .ok_or_else(|| missing("WHITE/BLACK TO MOVE", lines))?;
    let side = if lines[side_at].starts_with("WHITE") {
        1
    } else {
        -1
    };
    // The board: the 9 lines before, the last of them the file letters.
    let board = lines[..side_at]
        .iter()
        .rev()
        .skip_while(|l| !l.trim_start().starts_with("A  B  C"))
        .take(9)
        .cloned()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let rest = &lines[side_at + 1..];
    let field = |key: &str| rest.iter().find_map(|l| l.strip_prefix(key));
    let best = if rest.iter().any(|l| l == "NO LEGAL MOVE") {
        None
    } else {
        let m = field("MOVE ").ok_or_else(|| missing("MOVE", lines))?;
        let uci = m.split_whitespace().last().unwrap_or("").to_lowercase();
        if uci.len() < 4 {
            return Err(PrintoutError::new(format!("`MOVE {m}`: no move")));
        }
        Some(uci)
    };
    let value = match field("VALUE ") {
        Some(v) => Some(number(v, v)?),
        None => None,
    };
    let pv = field("PRINCIPAL VARIATION ")
        .map(|v| v.split_whitespace().map(str::to_lowercase).collect())
        .unwrap_or_default();
    let positions = number(
        field("POSITIONS EXAMINED ").ok_or_else(|| missing("POSITIONS EXAMINED", lines))?,
        "POSITIONS EXAMINED",
    )?;
    Ok(Block {
        board,
        side,
        best,
        value,
        pv,
        positions,
    })
}

/// Printer lines from text, for tests.
#[cfg(test)]
pub(crate) fn lines(t: &str) -> Vec<String> {
    t.lines().map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_line() {
        assert_eq!(parse_perft(&lines("X\nPERFT 3 8902")).unwrap(), (3, 8902));
        let e = parse_perft(&lines("GAME CARD ERROR COLUMN 9")).unwrap_err();
        assert!(e.message.contains("GAME CARD ERROR COLUMN 9"));
        assert!(parse_perft(&lines("PERFT 3 X")).is_err());
    }

    #[test]
    fn the_block() {
        let board = crate::printer::board(&crate::Position::start());
        let text = format!(
            "{board}WHITE TO MOVE\nMOVE      E2E4\nVALUE     11\n\
             PRINCIPAL VARIATION  D2D4 F8D6 D4E5 D6E5\nPOSITIONS EXAMINED  1125\n"
        );
        let b = parse_block(&lines(&text)).unwrap();
        assert_eq!(b.board.len(), 9);
        assert_eq!(b.side, 1);
        assert_eq!(b.best.as_deref(), Some("e2e4"));
        assert_eq!(b.value, Some(11));
        assert_eq!(b.pv, vec!["d2d4", "f8d6", "d4e5", "d6e5"]);
        assert_eq!(b.positions, 1125);
        let none = parse_block(&lines(
            "BLACK TO MOVE\nNO LEGAL MOVE\nVALUE     0\nPOSITIONS EXAMINED  1",
        ))
        .unwrap();
        assert_eq!((none.side, none.best, none.positions), (-1, None, 1));
        assert!(parse_block(&lines("WHITE TO MOVE\nMOVE      E2E4")).is_err());
    }
}

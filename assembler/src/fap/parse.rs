//! A FAP line into a statement: the card's fields (`card`), the operation looked up among the
//! pseudo-operations, the emulator's table and FAP's other spellings (`operations`), and the
//! variable field read as that operation reads it (`var`). Each line is parsed on its own; a
//! line with an error is reported and skipped. Names are read in capitals (the 7090's
//! character set has none other).

use emu::ibm7090::isa::{by_mnemonic, is_extended, Format, InstrInfo};

use super::card::{self, Op, LAST_COLUMN};
use super::error::FapError;
use super::operations::{self, boolean_operand, is_operation, is_pseudo, LISTING_CONTROL};
use super::stmt::{Line, Stmt};
use super::var::{bcd, bci, Var};
use crate::core::cursor::is_name_char;
use crate::core::expr::Expr;
use crate::core::span::Span;
use crate::ibm7090::data::{dec_word, oct_word};
pub use crate::ibm7090::encode::{Address, Fields};
use crate::ibm7090::Ibm7090Error;

type Error = (Span, FapError);

fn fap(span: Span, e: impl Into<FapError>) -> Error {
    (span, e.into())
}

/// What is kept of a card whose statement could not be parsed: its location symbol, so that
/// the rest of the program still finds it (one error, not one more per use), and, as FAP
/// keeps it, its word, so that the cards after it stay where they belong: an instruction with
/// its fields zero, an unknown operation as a zero operation code with its variable field
/// (`PAXD 0,2` is 00000 2 00000).
pub fn recover(text: &str, number: u32, error: Span) -> Option<Line> {
    let chars: Vec<char> = text.chars().take(LAST_COLUMN).collect();
    if chars.first() == Some(&'*') || chars.iter().all(|c| c.is_whitespace()) {
        return None;
    }
    let split = card::split(&chars);
    let label = split.label.and_then(|(name, i)| {
        let name = name.to_ascii_uppercase();
        is_symbol(&name).then(|| (name, Span::new(number, i as u32 + 1)))
    });
    let zero_word = |info: &'static InstrInfo, fields: Fields| Stmt::Instr {
        info,
        indirect: false,
        fields,
        bits: 0,
    };
    let pze = by_mnemonic("PZE").expect("PZE is in the table");
    let stmt = match split.op {
        Op::Blank(_) => zero_word(pze, Fields::default()),
        Op::Written { start, end } => {
            let op: String = chars[start..end]
                .iter()
                .collect::<String>()
                .to_ascii_uppercase();
            let name = op.strip_suffix('*').unwrap_or(&op);
            let var = Var {
                chars: &chars,
                start: split.var.0,
                end: split.var.1,
                number,
            };
            match by_mnemonic(name).or_else(|| operations::lookup(name).map(|s| s.row)) {
                _ if is_pseudo(name) => Stmt::Nothing,
                Some(info) => zero_word(info, Fields::default()),
                None => zero_word(pze, var.fields().unwrap_or_default()),
            }
        }
    };
    let takes_a_word = !matches!(stmt, Stmt::Nothing);
    (label.is_some() || takes_a_word).then(|| Line {
        number,
        labels: label.into_iter().collect(),
        stmt: Some((stmt, error)),
    })
}

/// Parse one line. `Ok(None)` for comments and blank lines.
pub fn parse_line(text: &str, number: u32) -> Result<Option<Line>, Error> {
    let chars: Vec<char> = text.chars().take(LAST_COLUMN).collect();
    if chars.first() == Some(&'*') || chars.iter().all(|c| c.is_whitespace()) {
        return Ok(None);
    }
    let at = |i: usize| Span::new(number, i as u32 + 1);
    let split = card::split(&chars);
    let var = Var {
        chars: &chars,
        start: split.var.0,
        end: split.var.1,
        number,
    };
    let label = split
        .label
        .as_ref()
        .map(|(name, i)| (name.to_ascii_uppercase(), at(*i)));
    let (stmt, op_span) = match split.op {
        // A blank operation field: FAP assembles a PZE word.
        Op::Blank(p) => {
            let info = by_mnemonic("PZE").expect("PZE is in the table");
            let stmt = Stmt::Instr {
                info,
                indirect: false,
                fields: var.fields()?,
                bits: 0,
            };
            (stmt, at(p))
        }
        Op::Written { start, end } => {
            let op: String = chars[start..end].iter().collect();
            if op.eq_ignore_ascii_case("HED") {
                // The heading is the location field's character.
                let heading = label.as_ref().and_then(|(l, _)| heading(l));
                return Ok(Some(Line {
                    number,
                    labels: Vec::new(),
                    stmt: Some((Stmt::Head(heading), at(start))),
                }));
            }
            (statement(&op, at(start), &var, label.as_ref())?, at(start))
        }
    };
    if let Some((l, span)) = &label {
        if !is_symbol(l) {
            return Err(fap(*span, FapError::BadLabel(l.clone())));
        }
    }
    Ok(Some(Line {
        number,
        labels: label.into_iter().collect(),
        stmt: Some((stmt, op_span)),
    }))
}

/// What deserves a warning on a card that parses: a variable field read from column 17.
pub fn warnings(text: &str, number: u32) -> Vec<(Span, FapError)> {
    let chars: Vec<char> = text.chars().take(LAST_COLUMN).collect();
    if chars.first() == Some(&'*') || chars.iter().all(|c| c.is_whitespace()) {
        return Vec::new();
    }
    let split = card::split(&chars);
    let reads_field = split.late
        && match parse_line(text, number) {
            Ok(Some(Line {
                stmt: Some((s, _)), ..
            })) => match s {
                Stmt::Instr { fields, .. } => fields != Fields::default(),
                Stmt::Nothing | Stmt::Head(_) => false,
                _ => true,
            },
            _ => false,
        };
    if reads_field {
        let at = Span::new(number, split.var.0 as u32 + 1);
        vec![(at, FapError::LateVariableField)]
    } else {
        Vec::new()
    }
}

/// The heading a HEAD or HED names: its first character, `0` for none.
fn heading(text: &str) -> Option<char> {
    text.chars().next().filter(|&c| c != '0')
}

/// The statement of a written operation.
fn statement(
    op: &str,
    op_span: Span,
    var: &Var,
    label: Option<&(String, Span)>,
) -> Result<Stmt, Error> {
    let upper = op.to_ascii_uppercase();
    let (name, indirect) = match upper.strip_suffix('*') {
        Some(n) if !n.is_empty() => (n.to_string(), true),
        _ => (upper.clone(), false),
    };
    let instruction = by_mnemonic(&name)
        .map(|info| (info, 0, None))
        .or_else(|| operations::lookup(&name).map(|s| (s.row, s.bits, s.unit)));
    if indirect && !matches!(instruction, Some((i, ..)) if allows_star(i)) {
        let e = if is_pseudo(&name) || instruction.is_some() {
            FapError::NoIndirect(name.clone())
        } else {
            FapError::UnknownOperation(op.to_string())
        };
        return Err(fap(op_span, e));
    }
    if let Some(stmt) = pseudo(&name, op_span, var, label)? {
        return Ok(stmt);
    }
    let Some((info, bits, unit)) = instruction else {
        // `CLA 5` typed from column 1 reads as location CLA, operation 5.
        if let Some((l, span)) = label {
            if is_operation(l) {
                return Err(fap(*span, FapError::OperationInLocationField(l.clone())));
            }
        }
        return Err(fap(op_span, FapError::UnknownOperation(op.to_string())));
    };
    if boolean_operand(info) && !indirect {
        let operand = var.boolean(op_span)?;
        return Ok(Stmt::Mask { info, operand });
    }
    // Instructions the emulator does not execute (Status::Unimplemented) assemble all the
    // same: the machine stops on them with `Unimplemented` and the address.
    let mut fields = if takes_no_variable_field(info) {
        // The rest of the card is a comment.
        Fields::default()
    } else {
        var.fields()?
    };
    if let Some(unit) = unit {
        // RPRA, WPDA: the unit is part of the operation.
        if let Some(a) = &fields.address {
            return Err(fap(
                a.span(),
                FapError::UnexpectedSubfield {
                    op: name,
                    field: "address (the unit is part of the operation)",
                },
            ));
        }
        fields.address = Some(Address::Expr(Expr::number(i64::from(unit), op_span)));
    }
    check_subfields(info, &fields, &name, op_span)?;
    Ok(Stmt::Instr {
        info,
        indirect,
        fields,
        bits,
    })
}

/// The statement of a pseudo-operation, `None` if `name` is not one.
fn pseudo(
    name: &str,
    op_span: Span,
    var: &Var,
    label: Option<&(String, Span)>,
) -> Result<Option<Stmt>, Error> {
    let needs_label = || match label {
        Some(_) => Ok(()),
        None => Err(fap(op_span, FapError::NeedsLabel(name.to_string()))),
    };
    Ok(Some(match name {
        "ORG" => Stmt::Org(var.required_expr(name, "an address")?),
        // A blank count is 0: the location symbol names the next word.
        "BSS" => Stmt::Bss(var.expr_or_zero(op_span)?),
        "BES" => Stmt::Bes(var.expr_or_zero(op_span)?),
        "EQU" | "SYN" => {
            needs_label()?;
            Stmt::Equ(var.required_expr(name, "a value")?)
        }
        "BOOL" => {
            needs_label()?;
            let (text, s) = var.text();
            if text.is_empty() {
                return Err(var.missing(name, "an octal value"));
            }
            let w = oct_word(&text).map_err(|e| fap(s, e))?;
            if w > 0o77777 {
                return Err(fap(s, Ibm7090Error::BadOctal(text)));
            }
            Stmt::Bool(w)
        }
        "HEAD" => Stmt::Head(heading(&var.text().0)),
        "DUP" => var.dup(name)?,
        "TCD" => Stmt::Tcd(var.required_expr(name, "a transfer address")?),
        "END" => Stmt::End(if var.is_empty() {
            None
        } else {
            Some(var.expr()?)
        }),
        "DEC" => Stmt::Words(var.list(name, dec_word)?),
        "OCT" => Stmt::Words(var.list(name, oct_word)?),
        "BCI" => Stmt::Words(bci(var.chars, var, name, var.number)?),
        "BCD" => Stmt::Words(bcd(var, name)?),
        "VFD" => Stmt::Vfd(var.vfd(name)?),
        n if LISTING_CONTROL.contains(&n) => Stmt::Nothing,
        _ => return Ok(None),
    }))
}

fn allows_star(i: &InstrInfo) -> bool {
    i.allows_indirect() || i.format == Format::ChannelCommand
}

/// ±0760 group members with no operand (CHS, COM, ...): their address is fixed.
fn takes_no_variable_field(info: &InstrInfo) -> bool {
    info.format == Format::Group0760 && info.operand_max == 0
}

/// Subfields an operation cannot take are errors. A decrement on an instruction without one
/// is not: FAP puts it into bits 3-17 all the same (`HPR -1,7,63`), see `encode::instruction`.
fn check_subfields(info: &InstrInfo, f: &Fields, op: &str, op_span: Span) -> Result<(), Error> {
    if let (true, 0, Some(a)) = (is_extended(info), info.operand_max, &f.address) {
        // RCDA, WPRA: the unit is part of the operation.
        return Err(fap(
            a.span(),
            FapError::UnexpectedSubfield {
                op: op.to_string(),
                field: "address (the unit is part of the operation)",
            },
        ));
    }
    // SWT n, RTDA n: the number is required.
    let numbered = matches!(info.format, Format::Group0760 | Format::Io) && info.operand_max > 0;
    if numbered && f.address.is_none() {
        return Err(fap(
            op_span,
            FapError::MissingOperand {
                op: op.to_string(),
                what: "a number",
            },
        ));
    }
    Ok(())
}

/// A location symbol: letters, digits, `.` and parentheses, at least one not a digit.
pub fn is_symbol(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| is_name_char(c) || c == '(' || c == ')')
        && s.chars().any(|c| !c.is_ascii_digit())
}

//! Why a record was rejected ([`RecordError`]), and how a reason quotes the input: one
//! short line, its strings escaped and cut.

use thiserror::Error;

use crate::error::{Message, Params};

/// The most characters an error quotes from one input string (escaped), before an ellipsis.
const QUOTE_CHARS: usize = 40;
/// The most characters of an error's reason, before an ellipsis.
const MAX_REASON: usize = 200;

/// Why a record was rejected: the 1-based turn (0 for the record as a whole) and the reason.
///
/// The reason of an error from [`Record::parse`](super::Record::parse) or
/// [`Record::replay`](super::Record::replay) is one line of at most about 200 characters:
/// strings from the input are shown quoted, escaped like Rust strings and cut to about 40
/// characters, with `…` after a cut.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("turn {turn}: {reason}")]
pub struct RecordError {
    /// The 1-based index of the offending entry in `turns`, or 0.
    pub turn: usize,
    /// What is wrong.
    pub reason: String,
}

impl Message for RecordError {
    /// `record.invalid`: the reason itself is English text (the `Display` form) only.
    fn key(&self) -> &'static str {
        "record.invalid"
    }

    /// `turn`: the 1-based entry, 0 for the record as a whole.
    fn params(&self) -> Params {
        vec![("turn", self.turn.into())]
    }
}

pub(super) fn err<T>(turn: usize, reason: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError {
        turn,
        reason: one_line(&reason.into()),
    })
}

/// Escapes what could break a line (control characters, line and paragraph separators) and
/// cuts the text to [`MAX_REASON`] characters: a reason is always one short line.
fn one_line(text: &str) -> String {
    let mut out = String::new();
    let mut n = 0;
    for c in text.chars() {
        let start = out.len();
        if breaks_line(c) {
            out.extend(c.escape_unicode());
        } else if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
        n += out[start..].chars().count();
        if n > MAX_REASON {
            out.truncate(start);
            out.push('…');
            break;
        }
    }
    out
}

/// The line and paragraph separators, which some viewers break lines at.
fn breaks_line(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// A string from the input as an error shows it: quoted and escaped like a Rust string,
/// cut to about [`QUOTE_CHARS`] characters with an ellipsis after the closing quote.
pub(super) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    let mut n = 0;
    for c in s.chars() {
        let escaped: String = if c == '\'' {
            c.into()
        } else if breaks_line(c) {
            c.escape_unicode().collect()
        } else {
            c.escape_debug().collect()
        };
        n += escaped.chars().count();
        if n > QUOTE_CHARS {
            out.push_str("\"…");
            return out;
        }
        out.push_str(&escaped);
    }
    out.push('"');
    out
}

/// A serde error as a reason, every run of text it quotes from the input (between backticks
/// or double quotes) cut to about [`QUOTE_CHARS`] characters. `turn_text`: the error is about
/// one turn entry, read on its own, so its line and column would mislead and are left out.
pub(super) fn json_reason(e: &serde_json::Error, turn_text: bool) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let text = match text.strip_suffix(&suffix) {
        Some(t) if turn_text => t,
        _ => &text,
    };
    let mut out = String::from("format: ");
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != '`' && c != '"' {
            continue;
        }
        // Copy the quoted run up to its closing mark, a unit (a character or an escape
        // sequence) at a time, and cut it when too long.
        let (mut n, mut closed) = (0, false);
        while let Some(d) = chars.next() {
            if d == c {
                closed = true;
                break;
            }
            let mut unit = String::from(d);
            if d == '\\'
                && c == '"'
                && let Some(e) = chars.next()
            {
                unit.push(e);
                if e == 'u' {
                    for f in chars.by_ref() {
                        unit.push(f);
                        if f == '}' {
                            break;
                        }
                    }
                }
            }
            n += 1;
            if n <= QUOTE_CHARS {
                out.push_str(&unit);
            }
        }
        if closed {
            out.push(c);
        }
        if n > QUOTE_CHARS {
            out.push('…');
        }
    }
    out
}

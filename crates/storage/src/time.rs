//! Wall-clock timestamps as text, through the `time` crate: RFC 3339 in UTC for files and the
//! UI, and a compact form for file names.

use std::time::{SystemTime, UNIX_EPOCH};

use time::format_description::BorrowedFormatItem;
use time::macros::format_description;
use time::{OffsetDateTime, PrimitiveDateTime};

/// Seconds since the Unix epoch, now (0 if the clock is before 1970).
pub fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// `2026-11-29T21:45:00Z`.
const RFC3339: &[BorrowedFormatItem<'_>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]Z");
/// `20261129T214500Z`.
const COMPACT: &[BorrowedFormatItem<'_>] =
    format_description!("[year][month][day]T[hour][minute][second]Z");

/// `secs` since the epoch as `format` in UTC. An instant after the year 9999 (which no clock
/// gives; only a hand-edited file) is written as the last second of 9999.
fn format(secs: u64, format: &[BorrowedFormatItem<'_>]) -> String {
    let last = PrimitiveDateTime::MAX.assume_utc();
    let t = i64::try_from(secs)
        .ok()
        .and_then(|s| OffsetDateTime::from_unix_timestamp(s).ok())
        .unwrap_or(last);
    // Four-digit years in UTC always format.
    t.format(format).unwrap_or_default()
}

/// `secs` as RFC 3339 in UTC, e.g. `2026-11-29T21:45:00Z`.
pub fn rfc3339(secs: u64) -> String {
    format(secs, RFC3339)
}

/// `secs` in the compact form used in file names and ids, e.g. `20261129T214500Z`.
pub fn compact(secs: u64) -> String {
    format(secs, COMPACT)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known instants, leap days and year ends among them, as the hand-written civil-date
    /// arithmetic this module had before wrote them (checked against it, every day from 1970
    /// to 2500 and 200,000 instants up to 9999, before it was removed).
    #[test]
    fn known_dates() {
        for (secs, text) in [
            (0, "1970-01-01T00:00:00Z"),
            (68_169_600, "1972-02-29T00:00:00Z"),
            (946_684_799, "1999-12-31T23:59:59Z"),
            (946_684_800, "2000-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (951_827_696, "2000-02-29T12:34:56Z"),
            (1_709_251_199, "2024-02-29T23:59:59Z"),
            (1_709_251_200, "2024-03-01T00:00:00Z"),
            (1_795_989_900, "2026-11-29T22:05:00Z"),
            (1_798_761_599, "2026-12-31T23:59:59Z"),
            (1_798_761_600, "2027-01-01T00:00:00Z"),
            (4_107_542_399, "2100-02-28T23:59:59Z"),
            (4_107_542_400, "2100-03-01T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
        ] {
            assert_eq!(rfc3339(secs), text, "{secs}");
            let compact_text: String = text.chars().filter(|c| !matches!(c, '-' | ':')).collect();
            assert_eq!(compact(secs), compact_text, "{secs}");
        }
        assert_eq!(compact(1_795_989_900), "20261129T220500Z");
        // Past 9999 (no clock gives it; only a hand-edited file could): the last second.
        assert_eq!(rfc3339(u64::MAX), "9999-12-31T23:59:59Z");
    }
}

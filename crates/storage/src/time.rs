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

    /// The hand-written civil-date arithmetic this module used before the `time` crate
    /// (Howard Hinnant's days-to-civil algorithm), to check that the crate writes the same.
    fn civil(secs: u64) -> (i64, u32, u32, u32, u32, u32) {
        let days = (secs / 86_400) as i64;
        let rem = secs % 86_400;
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        (
            year,
            month,
            day,
            (rem / 3600) as u32,
            (rem / 60 % 60) as u32,
            (rem % 60) as u32,
        )
    }

    fn old_rfc3339(secs: u64) -> String {
        let (y, mo, d, h, mi, s) = civil(secs);
        format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
    }

    fn old_compact(secs: u64) -> String {
        let (y, mo, d, h, mi, s) = civil(secs);
        format!("{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z")
    }

    #[test]
    fn the_crate_writes_what_the_old_code_wrote() {
        // Every day from 1970 to 2500 at its first and last second, and a second around
        // noon; then a pseudo-random sample up to the end of 9999.
        let mut checked = 0;
        for day in 0..(530 * 366u64) {
            for secs in [day * 86_400, day * 86_400 + 43_261, day * 86_400 + 86_399] {
                assert_eq!(rfc3339(secs), old_rfc3339(secs), "{secs}");
                assert_eq!(compact(secs), old_compact(secs), "{secs}");
                checked += 1;
            }
        }
        let end = 253_402_300_799u64; // 9999-12-31T23:59:59Z
        let mut x = 1u64;
        for _ in 0..200_000 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let secs = (x >> 11) % (end + 1);
            assert_eq!(rfc3339(secs), old_rfc3339(secs), "{secs}");
            assert_eq!(compact(secs), old_compact(secs), "{secs}");
            checked += 1;
        }
        assert_eq!(rfc3339(end), old_rfc3339(end));
        assert!(checked > 700_000);
    }

    #[test]
    fn known_dates() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_795_989_900), "2026-11-29T22:05:00Z");
        assert_eq!(compact(1_795_989_900), "20261129T220500Z");
    }
}

//! The luck of the draw in the app: weighed when a game played to the end is filed, and when
//! a match filed before luck was measured (or with an older formula) is opened. A resigned
//! game is not weighed, like it is not reviewed: its draws stop before the end.

use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::{LUCK_FORMULA, Luck, default_player, luck_record};
use carcassonne_engine::{PlayerKind, Record};
use carcassonne_storage::{FiledLuck, MatchFile, Storage};

/// The luck analysis of the finished game `record`; `None` if it is not a finished game.
pub fn weigh(record: &Record) -> Option<Luck> {
    luck_record(record, &AtomicBool::new(false)).ok()
}

/// The net luck in points of seat `seat`, or of the human seat (`None`); `None` without a
/// human seat.
pub fn human_net(luck: &Luck, record: &Record, seat: Option<usize>) -> Option<f64> {
    if !record.players.iter().any(|p| p.kind == PlayerKind::Human) {
        return None;
    }
    luck.players
        .get(seat.unwrap_or_else(|| default_player(record)))
        .map(|p| p.net_points)
}

/// What a new match file keeps of `luck` (each seat's net luck too, for a table's people).
pub fn filed(luck: &Luck, record: &Record) -> Option<FiledLuck> {
    Some(FiledLuck {
        analysis: serde_json::to_value(luck).ok()?,
        net_points: human_net(luck, record, None),
        by_seat: luck.players.iter().map(|p| p.net_points).collect(),
    })
}

/// The luck of the opened match `m` (id `id`): the stored analysis if it is of the current
/// formula, else weighed now and saved (kept in memory if the folder cannot be written);
/// `None` for a resigned game or one that is not finished. The analysis is derived from the
/// record alone, so a stored one that does not read is weighed again and saved over (the
/// record, which is the match, is untouched).
pub fn opened(storage: &Storage, id: &str, m: &mut MatchFile) -> Option<Luck> {
    if m.meta.resigned {
        return None;
    }
    let stored = m
        .luck
        .as_ref()
        .and_then(|v| serde_json::from_value::<Luck>(v.clone()).ok())
        .filter(|l| l.formula == LUCK_FORMULA);
    if stored.is_some() {
        return stored;
    }
    let luck = weigh(&m.record)?;
    let net = human_net(&luck, &m.record, m.meta.seat);
    match storage.save_luck(id, &luck, net) {
        Ok(meta) => m.meta = meta,
        Err(_) => m.meta.luck = net,
    }
    Some(luck)
}

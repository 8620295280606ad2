//! The game screen's shapes: the game view with its decision and options, the events, the
//! board-reading aids and odds, hints, and the `ai-progress` event.

use carcassonne_engine::Breakdown;
use carcassonne_storage::{MoveName as MoveInput, RatingChange};
use serde::Serialize;

use crate::api::error::ApiError;

/// The event name of AI progress reports ([`AiProgress`]).
pub const AI_PROGRESS: &str = "ai-progress";

/// A board position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// Column (east).
    pub x: i32,
    /// Row (south).
    pub y: i32,
}

/// A player's figures in the supply.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Supply {
    /// Ordinary followers.
    pub followers: u8,
    /// The mayor.
    pub mayor: bool,
    /// The wagon.
    pub wagon: bool,
    /// The barn.
    pub barn: bool,
    /// The abbey tile.
    pub abbey: bool,
}

/// A player in the game view.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// Seat, 0-based turn order.
    pub seat: usize,
    /// Name.
    pub name: String,
    /// `human` or `ai`.
    pub kind: String,
    /// The AI level (or spec, e.g. `hard@1732`).
    pub level: Option<String>,
    /// The AI player's rating on the strength curve (null for the human, and for a level the
    /// curve does not know).
    pub rating: Option<f64>,
    /// Score.
    pub score: u32,
    /// Score by category.
    pub breakdown: Breakdown,
    /// The score if the game ended now.
    pub projected: u32,
    /// Figures in the supply.
    pub supply: Supply,
}

/// A placed tile.
#[derive(Clone, Debug, Serialize)]
pub struct TileView {
    /// Tile id (`abbey` for an abbey).
    pub id: String,
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Degrees clockwise.
    pub rotation: u16,
    /// Placement order, 0 = the start tile.
    pub order: usize,
}

/// A figure on the board.
#[derive(Clone, Debug, Serialize)]
pub struct FigureView {
    /// Owner's seat.
    pub owner: u8,
    /// `follower`, `mayor`, `wagon` or `barn`.
    pub kind: String,
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Segment name, or the corner for a barn.
    pub on: String,
    /// `road`, `city`, `monastery` or `field`.
    pub feature: String,
}

/// Tiles left of one type.
#[derive(Clone, Debug, Serialize)]
pub struct TypeCount {
    /// Tile id.
    pub id: String,
    /// Copies left in the pile.
    pub count: u8,
}

/// The pile's contents (never its order).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Remaining {
    /// Tiles left.
    pub total: usize,
    /// Per land type of the set in play.
    pub by_type: Vec<TypeCount>,
}

/// A cell where the drawn tile fits, with its legal rotations.
#[derive(Clone, Debug, Serialize)]
pub struct CellOption {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Degrees clockwise, distinct tiles only.
    pub rotations: Vec<u16>,
}

/// A segment of the placed tile where some figure may stand.
#[derive(Clone, Debug, Serialize)]
pub struct SpotOption {
    /// Segment name.
    pub on: String,
    /// `road`, `city`, `monastery` or `field`.
    pub feature: String,
    /// For a city: the pennants in it now (a mayor's strength); null for other features.
    pub pennants: Option<u8>,
    /// Figure kinds allowed there.
    pub kinds: Vec<String>,
}

/// Figure spots by kind.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ByKind {
    /// Segment names for a follower.
    pub follower: Vec<String>,
    /// Segment names for the mayor.
    pub mayor: Vec<String>,
    /// Segment names for the wagon.
    pub wagon: Vec<String>,
    /// Corners for the barn.
    pub barn: Vec<String>,
}

/// A wagon target.
#[derive(Clone, Debug, Serialize)]
pub struct TargetOption {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Segment name.
    pub on: String,
    /// `road`, `city` or `monastery`.
    pub feature: String,
    /// Where its tile lies from the wagon's tile: `N`, `NE`, `E`, `SE`, `S`, `SW`, `W` or
    /// `NW`; null for the wagon's own tile.
    pub toward: Option<String>,
    /// Tiles in the feature (a monastery counts itself and its neighbours).
    pub tiles: u8,
    /// The feature's owners (a wagon may only go where no figure stands, so none today).
    pub owners: Vec<u8>,
    /// Whether the feature is finished (a wagon may only go to an unfinished one).
    pub finished: bool,
    /// Every segment of the feature, for highlighting it.
    pub segments: Vec<PlaceRef>,
}

/// The pending decision with its legal options grouped for the UI.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DecisionView {
    /// Draw, or place the abbey in a hole.
    DrawOrAbbey {
        /// Who decides.
        player: u8,
        /// Whether that is the human.
        human: bool,
        /// The holes.
        holes: Vec<Cell>,
    },
    /// Place the drawn tile.
    PlaceTile {
        /// Who decides.
        player: u8,
        /// Whether that is the human.
        human: bool,
        /// The drawn tile's id.
        tile: String,
        /// Where it fits.
        cells: Vec<CellOption>,
    },
    /// A figure on the tile just placed, or none.
    PlaceFigure {
        /// Who decides.
        player: u8,
        /// Whether that is the human.
        human: bool,
        /// The tile's column.
        x: i32,
        /// The tile's row.
        y: i32,
        /// The tile's id.
        tile: String,
        /// Segments with the kinds allowed.
        spots: Vec<SpotOption>,
        /// The same by kind.
        #[serde(rename = "byKind")]
        by_kind: ByKind,
    },
    /// Move the returning wagon or send it home.
    MoveWagon {
        /// The wagon's owner.
        player: u8,
        /// Whether that is the human.
        human: bool,
        /// Where it stood.
        from: Cell,
        /// Where it may go.
        targets: Vec<TargetOption>,
    },
    /// The final abbey round.
    FinalAbbey {
        /// Who decides.
        player: u8,
        /// Whether that is the human.
        human: bool,
        /// The holes.
        holes: Vec<Cell>,
    },
    /// The game is over.
    GameOver {
        /// Always null.
        player: Option<u8>,
        /// Always false.
        human: bool,
    },
}

/// A wagon's destination in an event.
#[derive(Clone, Debug, Serialize)]
pub struct PlaceRef {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Segment name.
    pub on: String,
}

/// The explanation of a scoring.
#[derive(Clone, Debug, Serialize)]
pub struct Scored {
    /// `road`, `city`, `monastery` or `field`.
    pub feature: String,
    /// The breakdown category.
    pub category: String,
    /// `completed`, `barn_placed`, `barn_joined` or `final`.
    pub cause: String,
    /// Who scored (each gets `points`).
    pub players: Vec<u8>,
    /// Points per player.
    pub points: u32,
    /// Tiles in the feature.
    pub tiles: u8,
    /// Pennants.
    pub pennants: u8,
    /// Completed cities (fields).
    pub cities: u8,
}

/// What a tile just placed did to one road, city or monastery on it.
#[derive(Clone, Debug, Serialize)]
pub struct TileFeature {
    /// `road`, `city` or `monastery`.
    pub kind: String,
    /// `starts` (touches no earlier tile; always for a monastery), `extends` (joins earlier
    /// tiles on one side), `joins` (on several sides) or `closes` (the tile finished it).
    pub action: String,
    /// The sides toward which the tile carries the feature on (`N`, `E`, `S`, `W`): the tile
    /// lies that way from the earlier tiles it joins. Empty for `starts`.
    pub toward: Vec<String>,
    /// The segment's name on the tile.
    pub on: String,
}

/// An event of the game, itemised.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoreEvent {
    /// The record entry it belongs to.
    pub turn: u32,
    /// What happened.
    #[serde(rename = "type")]
    pub kind: String,
    /// Who acted.
    pub player: Option<u8>,
    /// The tile.
    pub tile: Option<String>,
    /// Where (column).
    pub x: Option<i32>,
    /// Where (row).
    pub y: Option<i32>,
    /// Degrees clockwise.
    pub rotation: Option<u16>,
    /// The figure kind.
    pub figure: Option<String>,
    /// Segment name or corner.
    pub on: Option<String>,
    /// A wagon's destination.
    pub to: Option<PlaceRef>,
    /// For `wagon_moved`: where the destination's tile lies from the wagon's (`N`, `NE`, …, as
    /// a target's `toward`); left out on the wagon's own tile and for other events.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toward: Option<String>,
    /// A scoring's explanation.
    pub scored: Option<Scored>,
    /// The feature a placed figure stands on (`field` for a barn), or a moved wagon's
    /// destination: `road`, `city`, `monastery` or `field`; else null.
    pub feature: Option<String>,
    /// For `tile_placed`: what the tile did to each road, city and monastery on it (fields
    /// left out); else empty.
    pub builds: Vec<TileFeature>,
    /// For `scored`: every segment of the scored feature, for highlighting it; else empty.
    pub segments: Vec<PlaceRef>,
}

/// A segment of the ownership overlay.
#[derive(Clone, Debug, Serialize)]
pub struct OwnerView {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Segment name.
    pub on: String,
    /// `road`, `city`, `monastery` or `field`.
    pub feature: String,
    /// The owners' seats.
    pub owners: Vec<u8>,
}

/// How the game ended.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameResult {
    /// The winners' seats (the one who resigned is not among them).
    pub winners: Vec<usize>,
    /// Whether a person resigned.
    pub resigned: bool,
    /// The seat that resigned, if one did.
    pub resigned_seat: Option<usize>,
    /// The host's match id in the history (null if filing it failed).
    pub match_id: Option<String>,
    /// Each person's result, in seat order (one entry in a game of one person).
    pub table: Vec<TableResult>,
}

/// One person's result of a finished game (pass and play: one for each person).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TableResult {
    /// The seat.
    pub seat: usize,
    /// The profile that played it.
    pub profile_id: String,
    /// Its name.
    pub name: String,
    /// `won`, `lost`, `drawn` or `resigned`.
    pub result: String,
    /// That person's match in their history (null if filing it failed).
    pub match_id: Option<String>,
    /// How the game moved that person's rating; null when it did not count (no AI at the
    /// table, a game not rated, cut short by another's resignation, or not filed).
    pub rating_change: Option<RatingChange>,
}

/// Everything the UI shows of a game.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    /// The game id.
    pub game_id: String,
    /// The seed that deals the pile: null while the human's game goes on (it would tell the
    /// order of the pile; API.md, "Deal"), the seed once it has ended, in replays and lessons.
    pub seed: Option<u64>,
    /// Whether Abbey & Mayor is in play.
    pub abbey_mayor: bool,
    /// The human's seat; at a table of several people (pass and play), the person at the
    /// device now: the pending decision's seat when it is a person's, else the last person
    /// who decided.
    pub human: usize,
    /// The seats played by people, in seat order (`[human]` in a game of one person).
    pub humans: Vec<usize>,
    /// Whether the UI shows a hand-over screen between people (set up so, and several
    /// people at the table).
    pub handover: bool,
    /// The players.
    pub players: Vec<PlayerView>,
    /// Whose decision it is.
    pub current: Option<u8>,
    /// Record entries so far.
    pub turn: usize,
    /// The placed tiles.
    pub tiles: Vec<TileView>,
    /// The tile placed last.
    pub last_placed: Option<Cell>,
    /// The figures.
    pub figures: Vec<FigureView>,
    /// The pile's contents.
    pub remaining: Remaining,
    /// The pending decision.
    pub decision: DecisionView,
    /// Events of the last round.
    pub recent: Vec<ScoreEvent>,
    /// The ownership overlay.
    pub owners: Vec<OwnerView>,
    /// Whether the game is over.
    pub over: bool,
    /// How it ended.
    pub result: Option<GameResult>,
    /// Whether the AI is thinking.
    pub ai_thinking: bool,
    /// Whether `game_undo` would do something.
    pub can_undo: bool,
    /// The last autosave's failure.
    pub save_error: Option<ApiError>,
    /// The board-reading aids (null in a replay's positions).
    pub aids: Option<Aids>,
    /// Once the human's game has ended (finished or resigned): how it moved the profile's
    /// rating; null before, in replays, and when no profile's rating counted it.
    pub rating_change: Option<RatingChange>,
    /// Once a game played to the end has been filed: the luck of the draw (every draw
    /// weighed, each player's totals; API.md, "Luck"); null before, for a resigned game, in
    /// replays and lessons.
    pub luck: Option<carcassonne_ai::review::Luck>,
    /// Whether the game counts in the profile's rating: false on a deal played again from the
    /// history (`game_replay_deal`); true otherwise, in replays and lessons.
    pub rated: bool,
    /// The deal's fingerprint, from the first tile on; null in replays, lessons and games
    /// started before the app kept one.
    pub deal: Option<DealView>,
}

/// A deal anyone can verify (API.md, "Deal"): the fingerprint (SHA-256 of
/// `carcassonne-deal/1 <salt> <seed>`) commits to the seed before the first tile; once the
/// game has ended the salt is revealed, and with the seed the fingerprint and the whole pile
/// can be checked (`carcassonne deal verify`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DealView {
    /// 64 lowercase hex digits.
    pub fingerprint: String,
    /// The salt (32 hex digits): null until the game has ended.
    pub salt: Option<String>,
}

/// Unseen copies of one tile type and the chance that the next tile drawn is one of them.
#[derive(Clone, Debug, Serialize)]
pub struct TileChanceView {
    /// Tile id.
    pub id: String,
    /// Unseen copies.
    pub count: u8,
    /// The chance that the next tile drawn is one of them (0 to 1).
    pub chance: f64,
}

/// A feature that a dead square dooms.
#[derive(Clone, Debug, Serialize)]
pub struct DoomedFeature {
    /// Column of one of its tiles.
    pub x: i32,
    /// Row of that tile.
    pub y: i32,
    /// The segment's name on that tile.
    pub on: String,
    /// `road`, `city` or `monastery`.
    pub kind: String,
}

/// An empty square next to the board that no tile still to be placed can fill.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeadSquareView {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Whether all four neighbours hold tiles.
    pub hole: bool,
    /// Whether an abbey may yet fill it (a player holding one has a turn to come).
    pub abbey_may_fill: bool,
    /// The roads, cities and monasteries touching it, which no land tile can complete.
    pub features: Vec<DoomedFeature>,
}

/// The board-reading aids of a position, from the public view only.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Aids {
    /// The dead squares, by row then column.
    pub dead: Vec<DeadSquareView>,
    /// Unseen tiles in all (the pile less the drawn tile waiting to be placed).
    pub unseen_total: u32,
    /// Each unseen tile type with its count and chance to be drawn next, in tile order.
    pub unseen: Vec<TileChanceView>,
}

/// `game_odds`: the odds that one placement completes a feature.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Odds {
    /// `road`, `city`, `monastery` or `field`.
    pub kind: String,
    /// `complete`, `one_tile`, `several_tiles` or `never`.
    pub completion: String,
    /// For `one_tile`, the square where the tile must go.
    pub cell: Option<Cell>,
    /// The unseen tile types that complete it there, with counts and chances.
    pub tiles: Vec<TileChanceView>,
    /// Unseen tiles that would complete it, with multiplicity.
    pub count: u32,
    /// Unseen tiles in all.
    pub unseen: u32,
    /// The chance that the next tile drawn completes it (0 to 1).
    pub chance: f64,
    /// Whether the drawn tile waiting to be placed completes it somewhere legal.
    pub in_hand: bool,
    /// Whether a square it needs is a dead square (one of `dead`): no land tile can complete
    /// it, whether it needs one tile or several. Exactly the features `GameView.aids.dead`
    /// lists.
    pub doomed: bool,
    /// The dead squares it needs, by row then column (empty unless `doomed`).
    pub dead: Vec<Cell>,
    /// When `doomed`: whether an abbey may yet fill such a square (a player holding one has
    /// a turn to come, and the square is or becomes a hole). When false, it can never be
    /// completed. Always false unless `doomed`.
    pub abbey_may_fill: bool,
}

/// `ai-progress` events.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AiProgress {
    /// The game.
    pub game_id: String,
    /// The AI's seat.
    pub player: u8,
    /// Its level.
    pub level: String,
    /// `thinking` or `moved`.
    pub stage: String,
    /// The move, once made.
    #[serde(rename = "move")]
    pub mv: Option<MoveInput>,
    /// The position after the move.
    pub view: Option<GameView>,
}

/// `game_hint`.
#[derive(Clone, Debug, Serialize)]
pub struct Hint {
    /// The suggested move.
    #[serde(rename = "move")]
    pub mv: MoveInput,
    /// The level that chose it.
    pub level: String,
}

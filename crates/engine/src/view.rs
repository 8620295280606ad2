//! What a player may know: the public view of a game.
//!
//! An AI is handed a [`PublicView`], never the [`Game`] itself, because a `Game` carries the
//! hidden order of the pile. The only way from a view to a playable game is
//! [`PublicView::determinize`], which reshuffles the unseen tiles with the AI's own random
//! generator: a guess from the public counts, exactly what a player can do.

use crate::aids::{CompletionOdds, DeadSquare, Unseen};
use crate::board::Board;
use crate::event::LoggedEvent;
use crate::game::query::{FeatureInfo, SegmentOwner};
use crate::game::{Figure, Game, PlayerState, TurnEntry};
use crate::geometry::Pos;
use crate::moves::{Decision, Move};
use crate::tile::LAND_TYPES;

/// A read-only window on a game that hides the order of the pile.
#[derive(Clone, Copy, Debug)]
pub struct PublicView<'a> {
    game: &'a Game,
}

impl<'a> PublicView<'a> {
    /// The public view of `game`.
    pub fn new(game: &'a Game) -> Self {
        PublicView { game }
    }

    /// A playable copy with the unseen tiles reshuffled by `rng` (the drawn tile, if any,
    /// stays the one that was drawn). Logging is off in the copy.
    pub fn determinize<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Game {
        self.game.determinize(rng)
    }

    /// The legal moves for the pending decision.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.game.legal_moves()
    }

    /// The pending decision.
    pub fn decision(&self) -> Decision {
        self.game.decision()
    }

    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.game.num_players()
    }

    /// Whether Abbey & Mayor is in play.
    pub fn abbey_mayor(&self) -> bool {
        self.game.abbey_mayor()
    }

    /// The board.
    pub fn board(&self) -> &'a Board {
        self.game.board()
    }

    /// Scores and supplies.
    pub fn players(&self) -> &'a [PlayerState] {
        self.game.players()
    }

    /// Total scores.
    pub fn scores(&self) -> Vec<u32> {
        self.game.scores()
    }

    /// Figures on the board.
    pub fn figures(&self) -> &'a [Figure] {
        self.game.figures()
    }

    /// Tiles left in the pile.
    pub fn pile_len(&self) -> usize {
        self.game.pile_len()
    }

    /// Tiles left per land type.
    pub fn remaining(&self) -> &'a [u8; LAND_TYPES] {
        self.game.remaining()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The game's record entries so far.
    pub fn log(&self) -> &'a [TurnEntry] {
        self.game.log()
    }

    /// Every event so far.
    pub fn events(&self) -> &'a [LoggedEvent] {
        self.game.events()
    }

    /// What a feature holds (see [`Game::feature_at`]).
    pub fn feature_at(&self, pos: Pos, seg: u8) -> Option<FeatureInfo> {
        self.game.feature_at(pos, seg)
    }

    /// The ownership overlay (see [`Game::segment_owners`]).
    pub fn segment_owners(&self) -> Vec<SegmentOwner> {
        self.game.segment_owners()
    }

    /// Scores if the game ended now (see [`Game::projected_scores`]).
    pub fn projected_scores(&self) -> Vec<u32> {
        self.game.projected_scores()
    }

    /// The unseen land tiles (see [`Game::unseen`]).
    pub fn unseen(&self) -> Unseen {
        self.game.unseen()
    }

    /// The dead squares (see [`Game::dead_squares`]).
    pub fn dead_squares(&self) -> Vec<DeadSquare> {
        self.game.dead_squares()
    }

    /// The odds that one placement completes a feature (see [`Game::completion_odds`]).
    pub fn completion_odds(&self, pos: Pos, seg: u8) -> Option<CompletionOdds> {
        self.game.completion_odds(pos, seg)
    }
}

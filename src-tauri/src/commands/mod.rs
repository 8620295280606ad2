//! The commands the UI invokes, by screen: short adapters from the UI's shapes (`api`) to the
//! session, the storage, the AI workers and the lessons, and back. Every command is async, so
//! none runs on the window's thread; AI turns run on a blocking worker ([`crate::turns`]) and
//! report through `ai-progress`, the review on its own thread ([`crate::review`]).

pub mod app;
pub mod game;
pub mod history;
pub mod lessons;
pub mod profiles;
pub mod puzzles;
pub mod review;
pub mod settings;
pub mod training;

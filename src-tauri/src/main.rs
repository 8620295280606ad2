//! The desktop entry point: everything lives in the library, shared with mobile builds.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    carcassonne_app_lib::run();
}

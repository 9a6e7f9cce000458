//! The search's tree: building it under its limits
//! (`tree`), saving and reading it back (`save`), and the search playing
//! whole games against a random mover (`versus`).

mod save;
mod tree;
mod versus;

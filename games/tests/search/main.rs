//! The search's tree, one test binary: building it under its limits
//! (`tree`), saving and reading it back (`save`), and the search playing
//! whole games against a random mover (`versus`).

mod save;
mod tree;
mod versus;

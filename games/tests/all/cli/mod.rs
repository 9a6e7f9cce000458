//! The program and its protocols: every game's commands
//! run as a user runs them (`commands`), shogi's own (`shogi`), chess's
//! records (`records`), and the
//! engine protocols USI, UCI and GTP driven by scripts (`protocols`). `run`
//! runs the program.

mod run;

mod commands;
mod protocols;
mod records;
mod shogi;

//! The program and its protocols: every game's commands
//! run as a user runs them (`commands`), shogi's own (`shogi`), the games'
//! records (`records`), the engine protocols USI, UCI and GTP driven by
//! scripts (`protocols`), and a perft split into work units (`units`).
//! `run` runs the program.

mod run;

mod commands;
mod protocols;
mod records;
mod shogi;
mod units;

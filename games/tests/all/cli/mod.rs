//! The program and its protocols: every game's commands
//! run as a user runs them (`commands`), shogi's own (`shogi`), the games'
//! records (`records`), the engine protocols USI, UCI and GTP driven by
//! scripts (`protocols`), a perft split into work units (`units`), and
//! the cost of a child ply by ply (`plies`).
//! `run` runs the program.

mod run;

mod commands;
mod plies;
mod protocols;
mod records;
mod shogi;
mod units;

//! What the search's commands share: where a search starts and how its
//! trees grow, the stores a command runs, and the sections `--write` names.

use crate::measure::{Failure, Sections};
use crate::search::{Rules, Settings, StoreKind};
use clap::Args;

/// Where a search starts and how its trees grow.
#[derive(Debug, Clone, Args)]
pub(crate) struct SearchArgs {
    /// The position, in the game's notation (FEN, FEEN, a Go board);
    /// the game's first published position by default.
    #[arg(
        long,
        visible_alias = "fen",
        visible_alias = "feen",
        visible_alias = "board"
    )]
    pub(super) position: Option<String>,
    /// Plies of each random playout from a new node (0: the node is
    /// evaluated at once); the game's own default otherwise (32 in chess
    /// and shogi, Go's playouts go to the game's end).
    #[arg(long, value_name = "PLIES")]
    pub(super) playout_plies: Option<u32>,
    /// The seed of the playouts.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
}

impl SearchArgs {
    /// The position to start from.
    pub(super) fn root<G: Rules>(&self) -> &str {
        self.position.as_deref().unwrap_or(G::PUBLISHED[0].text)
    }

    /// The trees' settings.
    pub(super) fn settings<G: Rules>(&self) -> Settings {
        Settings {
            playout_plies: self.playout_plies.unwrap_or(G::PLAYOUT_PLIES),
            ..Settings::default()
        }
    }

    /// The root, the settings and the sections to write of a `command` run,
    /// whose section name goes on with `parts` and the playout plies.
    pub(super) fn start<G: Rules>(
        &self,
        write: &[std::path::PathBuf],
        command: &str,
        mut parts: Vec<String>,
    ) -> Result<(&str, Settings, Option<Sections>), Failure> {
        let root = self.root::<G>();
        let settings = self.settings::<G>();
        parts.push(plies_slug(settings.playout_plies));
        Ok((root, settings, sections::<G>(write, command, root, &parts)?))
    }
}

/// Which stores a command runs: one (`positions`, `moves`, `every:K`),
/// `both` (positions and moves) or `all` (every store the tables measure:
/// K = 1, 2, 4, 8 and moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StoreChoice {
    /// One store.
    One(StoreKind),
    /// Positions and moves, taking turns.
    Both,
    /// Every store of [`StoreKind::ALL`], taking turns.
    All,
}

impl StoreChoice {
    /// The stores, in table order.
    pub(crate) fn stores(self) -> Vec<StoreKind> {
        match self {
            StoreChoice::One(store) => vec![store],
            StoreChoice::Both => StoreKind::BOTH.to_vec(),
            StoreChoice::All => StoreKind::ALL.to_vec(),
        }
    }
}

/// Reads a `--store` of a measuring command.
pub(crate) fn store_choice(text: &str) -> Result<StoreChoice, String> {
    match text {
        "both" => Ok(StoreChoice::Both),
        "all" => Ok(StoreChoice::All),
        one => one
            .parse()
            .map(StoreChoice::One)
            .map_err(|error: crate::search::StoreNameError| format!("{error}, both or all")),
    }
}

/// The sections `--write` asks for: `<game>-<command>-<position>-<parts>`,
/// the parts joined by `-`.
pub(super) fn sections<G: Rules>(
    write: &[std::path::PathBuf],
    command: &str,
    root: &str,
    parts: &[String],
) -> Result<Option<Sections>, Failure> {
    let name = format!(
        "{}-{command}-{}-{}",
        G::NAME,
        section_name::<G>(root)?,
        parts.join("-")
    );
    Sections::checked(write, name)
}

/// How a section names the position: a published one by its name, a Go
/// board by its size.
pub(super) fn section_name<G: Rules>(root: &str) -> Result<String, Failure> {
    if G::NAME == "go" && root.chars().all(|c| c.is_ascii_digit() || c == 'x') {
        return Ok(root.to_string());
    }
    super::section_position::<G>(root)
}

/// How a section's name says the playouts' length: the plies, or `end`
/// for playouts to the game's end.
pub(super) fn plies_slug(plies: u32) -> String {
    if plies == u32::MAX {
        "end".to_string()
    } else {
        plies.to_string()
    }
}

/// How a table's text says the playouts' length.
pub(super) fn plies_phrase(plies: u32) -> String {
    match plies {
        0 => "no playout: the new node evaluated at once".to_string(),
        u32::MAX => "playouts to the game's end".to_string(),
        plies => format!("playouts of at most {plies} plies"),
    }
}

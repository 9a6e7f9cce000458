//! Game records: the tree every format reads into (`tree`), the text
//! every reader walks (`source`), and records saved and loaded (`saved`).

mod saved;
mod source;
mod tree;

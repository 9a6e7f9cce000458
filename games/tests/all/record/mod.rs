//! Game records: the tree every format reads into (`tree`), and the text
//! every reader walks (`source`).

mod source;
mod tree;

//! Game records: the tree every format reads into (`tree`), and the text
//! every reader walks (`source`).

pub(crate) mod corpus;
mod source;
mod tree;

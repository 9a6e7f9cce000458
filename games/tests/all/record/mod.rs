//! Game records: the tree every format reads into (`tree`), the text
//! every reader walks (`source`), records saved and loaded (`saved`), and
//! the record fuzz targets' committed corpora (`corpus`).

pub(crate) mod corpus;
mod saved;
mod source;
mod tree;

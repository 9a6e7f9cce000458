//! The crate's small macros.

/// `impl From<Cause> for Error`, wrapping the cause as its variant, for
/// each `Variant(Cause)` listed: `error_from!(LoadError: Fen(FenError),
/// NotChess(NotChess));` lets `?` turn either cause into a `LoadError`.
#[macro_export]
macro_rules! error_from {
    ($error:ident: $($variant:ident($cause:ty)),+ $(,)?) => {
        $(
            impl From<$cause> for $error {
                fn from(cause: $cause) -> Self {
                    $error::$variant(cause)
                }
            }
        )+
    };
}

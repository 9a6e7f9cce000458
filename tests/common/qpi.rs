//! A QPI piece from its token, for the test crates that spell pieces as
//! text.

use persistent_qi::qpi::Qpi;

/// The piece `token` spells; panics, naming the token and the reason, if
/// it is not a QPI token.
pub(crate) fn qpi(token: &str) -> Qpi {
    Qpi::parse(token).unwrap_or_else(|error| panic!("{token:?} should parse: {error}"))
}

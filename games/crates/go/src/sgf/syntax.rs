//! SGF's syntax, game by game: a game tree's nodes, each with its
//! properties and its children, read without recursion into one vector,
//! before any rule of Go is applied.

use games_record::{Limits, Mark, Problem, RecordError, Source, excerpt, text_of};

/// A property as written: its identifier and its values, unescaped
/// (`\]` is `]`, a backslash before a line end is no character).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Property {
    pub(super) name: String,
    pub(super) values: Vec<String>,
    pub(super) mark: Mark,
}

/// A node as written: its properties and its children, the first the
/// node after it in its sequence, the others the variations in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SyntaxNode {
    pub(super) properties: Vec<Property>,
    pub(super) children: Vec<usize>,
    pub(super) mark: Mark,
}

impl SyntaxNode {
    /// The values of the property `name`, if the node has it.
    pub(super) fn values(&self, name: &str) -> Option<&[String]> {
        self.properties
            .iter()
            .find(|property| property.name == name)
            .map(|property| property.values.as_slice())
    }
}

/// The longest property identifier read: FF\[4\]'s are at most two letters,
/// older files spell them out (`AddBlack`), never this long.
const IDENTIFIER_BYTES: usize = 32;

/// Skips to the next game tree's `(`, past anything else (sgfmill skips
/// what comes before a game tree too). Whether one is there.
pub(super) fn skip_to_game(source: &mut Source<'_>) -> bool {
    while let Some(byte) = source.peek() {
        if byte == b'(' {
            return true;
        }
        source.bump();
    }
    false
}

/// Skips the rest of a bad game tree: to the `)` that closes the game
/// tree's `(`, brackets and escapes minded, or the end of the text.
pub(super) fn skip_game(source: &mut Source<'_>, mut depth: usize) {
    let mut in_value = false;
    while let Some(byte) = source.bump() {
        match (in_value, byte) {
            (true, b'\\') => {
                source.bump();
            }
            (true, b']') => in_value = false,
            (false, b'[') => in_value = true,
            (false, b'(') => depth += 1,
            (false, b')') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return;
                }
            }
            (_, _) => {}
        }
    }
}

/// A bad game tree: the error, and how many of its `(` were open where
/// it was found (the reader then skips to the `)` that closes the first).
pub(super) type SyntaxError = (RecordError, usize);

/// Reads one game tree, its `(` next, into its nodes (the root first).
#[allow(
    clippy::too_many_lines,
    reason = "one loop, an arm a token: the open variations are its state"
)]
pub(super) fn game_tree(
    source: &mut Source<'_>,
    limits: &Limits,
    game: usize,
) -> Result<Vec<SyntaxNode>, SyntaxError> {
    let mut nodes: Vec<SyntaxNode> = Vec::new();
    // Each open `(`: where it opened, the node its sequence hangs from, and
    // whether a variation closed in it (no node may follow one).
    let mut open: Vec<(Mark, Option<usize>, bool)> = Vec::new();
    let mut last: Option<usize> = None;
    loop {
        source.check(game).map_err(|error| (error, open.len()))?;
        let mark = source.mark();
        let Some(byte) = source.peek() else {
            let (opened, _, _) = open.last().copied().expect("a game tree is open");
            return Err((
                source.error_at(game, opened, Problem::UnclosedVariation),
                open.len(),
            ));
        };
        match byte {
            b'(' => {
                source.bump();
                if open.len() > limits.depth {
                    return Err((
                        source.error_at(
                            game,
                            mark,
                            Problem::TooDeep {
                                limit: limits.depth,
                            },
                        ),
                        open.len(),
                    ));
                }
                if !open.is_empty() && last.is_none() {
                    return Err((
                        source.error_at(game, mark, Problem::VariationWithoutMove),
                        open.len(),
                    ));
                }
                open.push((mark, last, false));
            }
            b')' => {
                source.bump();
                let (_, parent, _) = open.pop().expect("a game tree is open");
                if open.is_empty() {
                    return if nodes.is_empty() {
                        Err((
                            source.error_at(
                                game,
                                mark,
                                Problem::Unexpected {
                                    text: ")".to_string(),
                                    expected: "a node (`;`) in the game tree",
                                },
                            ),
                            0,
                        ))
                    } else {
                        Ok(nodes)
                    };
                }
                last = parent;
                if let Some(top) = open.last_mut() {
                    top.2 = true;
                }
            }
            b';' => {
                source.bump();
                let &(_, _, closed) = open.last().expect("a game tree is open");
                if closed {
                    return Err((
                        source.error_at(
                            game,
                            mark,
                            Problem::Unexpected {
                                text: ";".to_string(),
                                expected: "a variation `(` or its end `)` after a variation",
                            },
                        ),
                        open.len(),
                    ));
                }
                if nodes.len() >= limits.nodes {
                    return Err((
                        source.error_at(
                            game,
                            mark,
                            Problem::TooManyNodes {
                                limit: limits.nodes,
                            },
                        ),
                        open.len(),
                    ));
                }
                let id = nodes.len();
                match last {
                    Some(parent) => nodes[parent].children.push(id),
                    None if id > 0 => {
                        return Err((
                            source.error_at(
                                game,
                                mark,
                                Problem::Unexpected {
                                    text: ";".to_string(),
                                    expected: "one root a game tree",
                                },
                            ),
                            open.len(),
                        ));
                    }
                    None => {}
                }
                let properties =
                    properties(source, limits, game).map_err(|error| (error, open.len()))?;
                nodes.push(SyntaxNode {
                    properties,
                    children: Vec::new(),
                    mark,
                });
                last = Some(id);
            }
            byte if byte.is_ascii_whitespace() => {
                source.bump();
            }
            _ => {
                let text = text_of(&source.rest()[..source.rest().len().min(20)]);
                return Err((
                    source.error_at(
                        game,
                        mark,
                        Problem::Unexpected {
                            text: excerpt(&text),
                            expected: "a node `;`, a variation `(` or `)`",
                        },
                    ),
                    open.len(),
                ));
            }
        }
    }
}

/// A node's properties, after its `;`: up to the next `;`, `(` or `)`.
fn properties(
    source: &mut Source<'_>,
    limits: &Limits,
    game: usize,
) -> Result<Vec<Property>, RecordError> {
    let mut properties: Vec<Property> = Vec::new();
    loop {
        source.check(game)?;
        match source.peek() {
            None | Some(b';' | b'(' | b')') => return Ok(properties),
            Some(byte) if byte.is_ascii_whitespace() => {
                source.bump();
            }
            Some(byte) if byte.is_ascii_alphabetic() => {
                let mark = source.mark();
                let mut name = String::new();
                while let Some(byte) = source.peek().filter(u8::is_ascii_alphabetic) {
                    source.bump();
                    // FF[3]'s long names (`AddBlack`): the capitals are the
                    // identifier, as sgfmill reads them.
                    if byte.is_ascii_uppercase() {
                        name.push(char::from(byte));
                    }
                    if name.len() > IDENTIFIER_BYTES {
                        return Err(source.error_at(
                            game,
                            mark,
                            Problem::Unexpected {
                                text: excerpt(&name),
                                expected: "a property identifier of a few capitals",
                            },
                        ));
                    }
                }
                let mut values = Vec::new();
                loop {
                    while source.peek().is_some_and(|byte| byte.is_ascii_whitespace()) {
                        source.bump();
                    }
                    if source.peek() != Some(b'[') {
                        break;
                    }
                    values.push(value(source, limits, game)?);
                }
                if name.is_empty() || values.is_empty() {
                    return Err(source.error_at(
                        game,
                        mark,
                        Problem::Unexpected {
                            text: excerpt(&name),
                            expected: "a property: capitals, then values in `[ ]`",
                        },
                    ));
                }
                // A property given twice in a node: its values together.
                match properties.iter_mut().find(|property| property.name == name) {
                    Some(property) => property.values.extend(values),
                    None => properties.push(Property { name, values, mark }),
                }
            }
            Some(_) => {
                let mark = source.mark();
                let text = text_of(&source.rest()[..source.rest().len().min(20)]);
                return Err(source.error_at(
                    game,
                    mark,
                    Problem::Unexpected {
                        text: excerpt(&text),
                        expected: "a property identifier",
                    },
                ));
            }
        }
    }
}

/// A value, its `[` next: unescaped, up to its `]`.
fn value(source: &mut Source<'_>, limits: &Limits, game: usize) -> Result<String, RecordError> {
    let opened = source.mark();
    source.bump();
    let mut bytes = Vec::new();
    loop {
        source.check(game)?;
        match source.bump() {
            None => {
                return Err(source.error_at(
                    game,
                    opened,
                    Problem::Unexpected {
                        text: "[".to_string(),
                        expected: "a property value closed by `]` before the end of the file",
                    },
                ));
            }
            Some(b']') => break,
            Some(b'\\') => match source.bump() {
                // A soft line break: no character.
                Some(b'\r') if source.peek() == Some(b'\n') => {
                    source.bump();
                }
                Some(b'\n' | b'\r') | None => {}
                Some(byte) => bytes.push(byte),
            },
            Some(byte) => bytes.push(byte),
        }
        if bytes.len() > limits.comment_bytes {
            return Err(source.error_at(
                game,
                opened,
                Problem::CommentTooLong {
                    limit: limits.comment_bytes,
                },
            ));
        }
    }
    Ok(text_of(&bytes))
}

//! The tags of a shogi record, named once for both formats: CSA's `N+`
//! and KIF's `先手：` are both the tag `Sente`, so a record read from one
//! writes its players, event and times in the other.
//!
//! A header neither table names keeps its own name: a CSA `$KEY:value`
//! is the tag `KEY`, a KIF `key：value` the tag `key`.

/// A tag's name, its CSA key (after `$`, or the line's opening letters)
/// and its KIF keys (the first one written).
struct Named {
    tag: &'static str,
    csa: &'static str,
    kif: &'static [&'static str],
}

const NAMED: [Named; 8] = [
    Named {
        tag: "Sente",
        csa: "N+",
        kif: &["先手", "下手"],
    },
    Named {
        tag: "Gote",
        csa: "N-",
        kif: &["後手", "上手"],
    },
    Named {
        tag: "Event",
        csa: "$EVENT",
        kif: &["棋戦"],
    },
    Named {
        tag: "Site",
        csa: "$SITE",
        kif: &["場所"],
    },
    Named {
        tag: "StartTime",
        csa: "$START_TIME",
        kif: &["開始日時"],
    },
    Named {
        tag: "EndTime",
        csa: "$END_TIME",
        kif: &["終了日時"],
    },
    Named {
        tag: "TimeLimit",
        csa: "$TIME_LIMIT",
        kif: &["持ち時間"],
    },
    Named {
        tag: "Opening",
        csa: "$OPENING",
        kif: &["戦型"],
    },
];

/// The tag of a CSA header: `N+`, `N-` or `$KEY`.
pub(crate) fn of_csa(key: &str) -> String {
    NAMED.iter().find(|named| named.csa == key).map_or_else(
        || key.strip_prefix('$').unwrap_or(key).to_string(),
        |named| named.tag.to_string(),
    )
}

/// The CSA header that writes a tag (`$KEY`, `N+`), if CSA can: a name of
/// the table, or any other as `$name` (a `$KEY` read back is `KEY`),
/// unless the name holds what ends a key (`:`), a statement (`,`) or a
/// line, or is a name of the table's spelled as CSA's. The name may be
/// empty: `$:value` reads back as the tag of no name.
pub(crate) fn to_csa(tag: &str) -> Option<String> {
    if let Some(named) = NAMED.iter().find(|named| named.tag == tag) {
        return Some(named.csa.to_string());
    }
    let key = format!("${tag}");
    let plain =
        !tag.contains([':', ',', '\n', '\r']) && !NAMED.iter().any(|named| named.csa == key);
    plain.then_some(key)
}

/// The tag of a KIF header key (`先手`, `棋戦`).
pub(crate) fn of_kif(key: &str) -> String {
    NAMED
        .iter()
        .find(|named| named.kif.contains(&key))
        .map_or_else(|| key.to_string(), |named| named.tag.to_string())
}

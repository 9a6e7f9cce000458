//! Scratch: instructions of one edit (not committed).
use persistent_qi::LocalQi;
use std::hint::black_box;

#[inline(never)]
fn one(parent: &LocalQi<u8, u8>, index: usize) -> LocalQi<u8, u8> {
    parent
        .edit_with(|edit| {
            edit.replace(index, None, Some(1)).toggle();
        })
        .unwrap()
}

fn main() {
    let root: LocalQi<u8, u8> = LocalQi::new(&[19, 19], 0, 1).unwrap();
    let parent = root.edit_with(|e| { e.set(0, Some(2)); }).unwrap();
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    if std::env::args().nth(2).is_some() {
        let mut slot = parent.clone();
        for i in 0..n {
            one_into(black_box(&parent), &mut slot, 1 + i % 300);
            black_box(&slot);
        }
    } else {
        for i in 0..n {
            black_box(one(black_box(&parent), 1 + i % 300));
        }
    }
}
#[inline(never)]
pub fn one_into(parent: &LocalQi<u8, u8>, out: &mut LocalQi<u8, u8>, index: usize) {
    parent
        .edit_into(out, |edit| {
            edit.replace(index, None, Some(1)).toggle();
        })
        .unwrap();
}

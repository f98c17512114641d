//! Whether an order has a known effect, from the emulator's one order table
//! (`emu::silliac::orders::info`). The assembler keeps no table of its own.

use emu::silliac::orders::{info, Status};

/// `None` if the order is Defined; otherwise what the table says, for the error message.
pub fn problem(code: u8) -> Option<String> {
    let i = info(code);
    match i.status {
        Status::Defined => None,
        Status::Unwanted => Some(format!("unwanted: {}", i.summary)),
        Status::Unknown => Some(format!("unknown: {}", i.summary)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_the_emulator_table() {
        assert_eq!(problem(0xF5), None); // L5, clear add
        assert_eq!(problem(0x26), None);
        for code in 0..=255u8 {
            assert_eq!(
                problem(code).is_none(),
                info(code).status == Status::Defined
            );
        }
    }
}

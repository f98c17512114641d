//! The SILLIAC order code: sexadecimal notation, order and word layout.
//!
//! An order is 20 digits: an 8-digit function (type digit, variant digit), 2 unused digits
//! and a 10-digit address. A word holds the left-hand order in digits 0-19 and the
//! right-hand order in digits 20-39. The left-hand order is executed first.

/// Sexadecimal digits as SILLIAC/ILLIAC wrote them: 0-9 then K S N J F L for 10-15.
pub const SEXADECIMAL: [char; 16] = [
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K', 'S', 'N', 'J', 'F', 'L',
];

/// Mask of a 40-bit word.
pub const WORD_MASK: u64 = (1 << 40) - 1;
/// Mask of a 20-bit order.
pub const ORDER_MASK: u32 = (1 << 20) - 1;

/// Value of one sexadecimal character (upper or lower case), if it is one.
pub fn sex_digit(c: char) -> Option<u8> {
    match c.to_ascii_uppercase() {
        d @ '0'..='9' => Some(d as u8 - b'0'),
        'K' => Some(10),
        'S' => Some(11),
        'N' => Some(12),
        'J' => Some(13),
        'F' => Some(14),
        'L' => Some(15),
        _ => None,
    }
}

/// The two-character name of a function code, e.g. `0xF5` -> `"L5"`.
pub fn function_name(code: u8) -> String {
    let mut s = String::with_capacity(2);
    s.push(SEXADECIMAL[(code >> 4) as usize]);
    s.push(SEXADECIMAL[(code & 15) as usize]);
    s
}

/// Parse a two-character function name such as `L5` or `26`.
pub fn parse_function(s: &str) -> Option<u8> {
    let mut chars = s.chars();
    let t = sex_digit(chars.next()?)?;
    let v = sex_digit(chars.next()?)?;
    if chars.next().is_some() {
        return None;
    }
    Some(t << 4 | v)
}

/// A 40-bit word written as ten sexadecimal characters, digit 0 first.
pub fn word_to_sex(word: u64) -> String {
    (0..10)
        .rev()
        .map(|i| SEXADECIMAL[((word >> (4 * i)) & 15) as usize])
        .collect()
}

/// One 20-bit order: function (8 digits), the 2 unused digits, address (10 digits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    pub function: u8,
    /// The two digits between function and address; unused by the machine, kept so that a
    /// word read back from store is reproduced exactly.
    pub spare: u8,
    pub address: u16,
}

impl Order {
    pub const fn new(function: u8, address: u16) -> Order {
        Order {
            function,
            spare: 0,
            address: address & 0x3FF,
        }
    }

    pub const fn from_bits(bits: u32) -> Order {
        Order {
            function: (bits >> 12) as u8,
            spare: ((bits >> 10) & 3) as u8,
            address: (bits & 0x3FF) as u16,
        }
    }

    pub const fn bits(self) -> u32 {
        (self.function as u32) << 12
            | ((self.spare as u32) & 3) << 10
            | (self.address as u32 & 0x3FF)
    }

    /// The order as written in period notation with a decimal address, e.g. `L5 100`.
    pub fn to_text(self) -> String {
        format!("{} {}", function_name(self.function), self.address)
    }
}

/// The left-hand order of a word (digits 0-19).
pub const fn left(word: u64) -> Order {
    Order::from_bits(((word >> 20) as u32) & ORDER_MASK)
}

/// The right-hand order of a word (digits 20-39).
pub const fn right(word: u64) -> Order {
    Order::from_bits((word as u32) & ORDER_MASK)
}

/// A word made of an order pair.
pub const fn pair(left: Order, right: Order) -> u64 {
    (left.bits() as u64) << 20 | right.bits() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for code in 0..=255u8 {
            assert_eq!(parse_function(&function_name(code)), Some(code));
        }
        assert_eq!(function_name(0xF5), "L5");
        assert_eq!(parse_function("7J"), Some(0x7D));
        assert_eq!(parse_function("7"), None);
        assert_eq!(parse_function("7JJ"), None);
        assert_eq!(parse_function("7X"), None);
    }

    #[test]
    fn pair_layout() {
        // X1's word 1003: 40 000 | 81 004
        let w = pair(Order::new(0x40, 0), Order::new(0x81, 4));
        assert_eq!(word_to_sex(w), "4000081004");
        assert_eq!(left(w), Order::new(0x40, 0));
        assert_eq!(right(w).to_text(), "81 4");
    }
}

//! The seven diagnostics as data: per program the deck make-up, the start, the clean-run
//! switches, the operator script and the stops of its write-up, each row with its citation
//! (`9m21a.txt:103` is the write-up in ../shared/diags, `9m21a.asm:8746` the source line).
//!
//! A stop is keyed by the halting instruction's own location (what `emu` reports and SIMH calls
//! OLDPC); `number` is what the write-up prints, because the write-ups mix conventions (an HPR
//! is often listed as its location + 1, a divide-check halt always so).

/// How a stop shows on the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// HTR.
    Htr,
    /// HPR.
    Hpr,
    /// DVH, VDH or FDH with divide check.
    DivideCheck,
    /// A read select with the hopper empty: the program calling in the next one.
    ReaderEmpty,
}

impl Halt {
    pub fn name(self) -> &'static str {
        match self {
            Halt::Htr => "HTR",
            Halt::Hpr => "HPR",
            Halt::DivideCheck => "divide check halt",
            Halt::ReaderEmpty => "RCDA, reader empty",
        }
    }
}

/// What the operator does at a stop of the script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Press START.
    Start,
    /// Set the entry keys to the word, then press START.
    KeysStart(u64),
}

/// A stop the write-up names: `from..=to` is the halting instruction's location (one address,
/// or a region where every such stop means the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StopRow {
    pub halt: Halt,
    pub from: u16,
    pub to: u16,
    /// The write-up's own number for it ("" where the write-up lists none).
    pub number: &'static str,
    pub meaning: &'static str,
    pub cite: &'static str,
}

/// A stop of the operator script: met in this order when the switches in `when` are down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub stop: StopRow,
    pub action: Action,
    /// Sense switches (bit n-1 for switch n) that must be down for this stop to happen.
    pub when: u8,
}

/// How the deck is loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loading {
    /// The program's own first card loads itself (9M10A).
    SelfLoading,
    /// Our loader card, the object cards, a transfer card to `start`.
    Loader,
}

/// One diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// As the files in ../shared/diags are named (`9m21a`).
    pub name: &'static str,
    pub title: &'static str,
    pub loading: Loading,
    /// The deck carries the 9DEPR stand-in (the program calls ERROR = 06504, OK = 06511).
    pub depr: bool,
    /// The transfer card's address (`start_cite` says where the write-up gives it).
    pub start: u16,
    pub start_cite: &'static str,
    /// Sense switches down for the clean run the write-up recommends (bit n-1: switch n).
    pub switches: u8,
    /// With switch 5 down the fast-MPY card follows the transfer card.
    pub fast_mpy: bool,
    /// Print-image cards after the transfer card: the first `data_cards` lines of this file
    /// in ../shared/diags.
    pub data: Option<(&'static str, usize)>,
    pub deck_cite: &'static str,
    /// The stops the operator meets and what he does at each.
    pub script: &'static [Step],
    /// The normal end.
    pub end: StopRow,
    /// The error stops of the write-up (and of the 9DEPR stand-in).
    pub errors: &'static [StopRow],
    /// Stops that need console features firstmoves lacks.
    pub unsupported: &'static [StopRow],
    /// Cycles for the whole run (loading included); every clean run is far below it.
    pub budget_cycles: u64,
}

const fn row(
    halt: Halt,
    at: u16,
    number: &'static str,
    meaning: &'static str,
    cite: &'static str,
) -> StopRow {
    StopRow {
        halt,
        from: at,
        to: at,
        number,
        meaning,
        cite,
    }
}

const fn region(
    halt: Halt,
    from: u16,
    to: u16,
    meaning: &'static str,
    cite: &'static str,
) -> StopRow {
    StopRow {
        halt,
        from,
        to,
        number: "",
        meaning,
        cite,
    }
}

const fn start(stop: StopRow, when: u8) -> Step {
    Step {
        stop,
        action: Action::Start,
        when,
    }
}

/// Switch n as a bit.
const fn sw(n: u8) -> u8 {
    1 << (n - 1)
}

/// The stand-in's error halts (the write-ups' 06517 / 06545).
const DEPR_ERRORS: [StopRow; 2] = [
    row(
        Halt::Htr,
        0o6517,
        "6517",
        "error with switch 3 down (9DEPR): XRC holds the 2's complement of the failing test's location",
        "9m02a.txt:94-96, 9m04a.txt:129-132, 9m05b.txt:144",
    ),
    row(
        Halt::Htr,
        0o6545,
        "6545",
        "error with switch 3 down (9DEPR): XRC holds the 2's complement of the failing test's location",
        "9m02a.txt:94-96, 9m04a.txt:129-132, 9m05b.txt:144",
    ),
];

const M10A_ERRORS: [StopRow; 1] = [row(
    Halt::Htr,
    0o17,
    "17",
    "the AC's address is not the TSX's location: IC failure (START retries)",
    "9m10a.txt:52-60",
)];

const M02A_SCRIPT: [Step; 7] = [
    start(
        row(
            Halt::Htr,
            0o5053,
            "O5053",
            "display indicators button test (HTR)",
            "9m02a.txt:78",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Htr,
            0o5064,
            "O5064",
            "display storage button test (HTR)",
            "9m02a.txt:79",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Htr,
            0o5076,
            "O5076",
            "display effective address button test (HTR)",
            "9m02a.txt:80",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Hpr,
            0o5106,
            "O5107",
            "display indicators button test (HPR)",
            "9m02a.txt:81",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Hpr,
            0o5117,
            "O5120",
            "display storage button test (HPR)",
            "9m02a.txt:82",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Hpr,
            0o5131,
            "O5132",
            "display effective address button test (HPR)",
            "9m02a.txt:83",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Hpr,
            0o5143,
            "O5144",
            "ready the fast-MPY card in the reader",
            "9m02a.txt:84",
        ),
        sw(5),
    ),
];

const M02A_ERRORS: [StopRow; 9] = [
    row(
        Halt::Htr,
        0o5054,
        "O5054",
        "display indicators test with HTR went astray",
        "9m02a.txt:88",
    ),
    row(
        Halt::Htr,
        0o5065,
        "O5065",
        "display storage test with HTR went astray",
        "9m02a.txt:89",
    ),
    row(
        Halt::Htr,
        0o5077,
        "O5077",
        "display effective address test with HTR went astray",
        "9m02a.txt:90",
    ),
    row(
        Halt::Hpr,
        0o5110,
        "O5111",
        "display indicators test with HPR",
        "9m02a.txt:91",
    ),
    row(
        Halt::Hpr,
        0o5121,
        "O5122",
        "display storage test with HPR",
        "9m02a.txt:92",
    ),
    row(
        Halt::Hpr,
        0o5133,
        "O5134",
        "display effective address test with HPR",
        "9m02a.txt:93",
    ),
    row(
        Halt::Htr,
        0o5170,
        "",
        "fast MPY too slow: more than 5R of the card read (switch 3 down)",
        "9m02a.asm:3315",
    ),
    DEPR_ERRORS[0],
    DEPR_ERRORS[1],
];

const M03A_SCRIPT: [Step; 1] = [start(
    row(
        Halt::Htr,
        0o0,
        "00000",
        "first pass: press START",
        "9m03a.txt:75-78",
    ),
    0,
)];

const M03A_ERRORS: [StopRow; 3] = [
    region(
        Halt::Htr,
        0o0,
        0o1763,
        "basic part (HTR and AXT only): the listing's comment at the stop names the fault",
        "9m03a.txt:88-89",
    ),
    region(
        Halt::Hpr,
        0o0,
        0o1763,
        "basic part: the listing's comment at the stop names the fault",
        "9m03a.txt:88-89",
    ),
    region(
        Halt::Htr,
        0o1764,
        0o6733,
        "error after SWT 2 (switch 2 up): the test before the stop failed",
        "9m03a.txt:91-94",
    ),
];

const M03A_UNSUPPORTED: [StopRow; 6] = [
    row(
        Halt::Hpr,
        0o2660,
        "02660",
        "ENTER MQ with TSX M4,1 (switch 5 down)",
        "9m03a.txt:80",
    ),
    row(
        Halt::Hpr,
        0o2700,
        "",
        "ENTER INSTRUCTION TSX M4,1 (switch 5 down)",
        "9m03a.asm:2776-2778",
    ),
    row(
        Halt::Hpr,
        0o4035,
        "04035",
        "ENTER MQ with TSX M4B,2 (switch 5 down)",
        "9m03a.txt:82",
    ),
    row(
        Halt::Hpr,
        0o4055,
        "",
        "ENTER INSTRUCTION TSX M4B,2 (switch 5 down)",
        "9m03a.asm:2797-2798",
    ),
    row(
        Halt::Hpr,
        0o5211,
        "05211",
        "ENTER MQ with TSX M4C,4 (switch 5 down)",
        "9m03a.txt:84",
    ),
    row(
        Halt::Hpr,
        0o5231,
        "",
        "ENTER INSTRUCTION TSX M4C,4 (switch 5 down)",
        "9m03a.txt:84",
    ),
];

const M05B_SCRIPT: [Step; 1] = [start(
    row(
        Halt::DivideCheck,
        0o620,
        "0621",
        "FDH K47 with switch 5 down, first pass: press START",
        "9m05b.txt:139",
    ),
    sw(5),
)];

/// 1.0 and 2.0 in the 709's floating point: the keyed operands of 9M08A's script.
const ONE: u64 = 0o201400000000;
const TWO: u64 = 0o202400000000;

const M08A_SCRIPT: [Step; 2] = [
    Step {
        stop: row(
            Halt::Hpr,
            0o50,
            "0050",
            "keys := the AC operand (switch 3 down)",
            "9m08a.txt:94",
        ),
        action: Action::KeysStart(ONE),
        when: sw(3),
    },
    Step {
        stop: row(
            Halt::Hpr,
            0o54,
            "0054",
            "keys := the storage operand (switch 3 down)",
            "9m08a.txt:95",
        ),
        action: Action::KeysStart(TWO),
        when: sw(3),
    },
];

const M08A_ERRORS: [StopRow; 8] = [
    row(
        Halt::Hpr,
        0o1400,
        "1400",
        "FAD error or forced print",
        "9m08a.txt:99",
    ),
    row(
        Halt::Hpr,
        0o1402,
        "",
        "FAD error or forced print, second stop",
        "9m08a.txt:211",
    ),
    row(
        Halt::Hpr,
        0o1372,
        "1372",
        "UFA error or forced print",
        "9m08a.txt:100",
    ),
    row(
        Halt::Hpr,
        0o1374,
        "",
        "UFA error or forced print, second stop",
        "9m08a.txt:211",
    ),
    row(
        Halt::Hpr,
        0o1362,
        "1362",
        "FSB error or forced print",
        "9m08a.txt:101",
    ),
    row(
        Halt::Hpr,
        0o1364,
        "",
        "FSB error or forced print, second stop",
        "9m08a.txt:211",
    ),
    row(
        Halt::Hpr,
        0o1354,
        "1354",
        "UFS error or forced print",
        "9m08a.txt:102",
    ),
    row(
        Halt::Hpr,
        0o1356,
        "",
        "UFS error or forced print, second stop",
        "9m08a.txt:211",
    ),
];

const M21A_SCRIPT: [Step; 13] = [
    start(
        row(
            Halt::DivideCheck,
            0o15617,
            "15620",
            "DVH with a zero divisor",
            "9m21a.txt:103",
        ),
        sw(5),
    ),
    start(
        row(Halt::DivideCheck, 0o15627, "15630", "DVH", "9m21a.txt:104"),
        sw(5),
    ),
    start(
        row(Halt::DivideCheck, 0o15640, "15641", "DVH", "9m21a.txt:105"),
        sw(5),
    ),
    start(
        row(Halt::DivideCheck, 0o15652, "15653", "VDH", "9m21a.txt:106"),
        sw(5),
    ),
    Step {
        stop: row(
            Halt::Htr,
            0o15677,
            "15677",
            "ENK test: keys all ones",
            "9m21a.txt:107",
        ),
        action: Action::KeysStart(0o777777777777),
        when: sw(5),
    },
    Step {
        stop: row(
            Halt::Htr,
            0o15711,
            "15711",
            "ENK test: keys all zeros",
            "9m21a.txt:108",
        ),
        action: Action::KeysStart(0),
        when: sw(5),
    },
    start(
        row(
            Halt::Htr,
            0o15727,
            "15727",
            "display indicators button test (HTR)",
            "9m21a.txt:115",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Htr,
            0o15740,
            "15740",
            "display storage button test (HTR)",
            "9m21a.txt:116",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Htr,
            0o15752,
            "15752",
            "display effective address button test (HTR)",
            "9m21a.txt:117",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Hpr,
            0o15762,
            "15763",
            "display indicators button test (HPR)",
            "9m21a.txt:118",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Hpr,
            0o15773,
            "15774",
            "display storage button test (HPR)",
            "9m21a.txt:119",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Hpr,
            0o16005,
            "16006",
            "display effective address button test (HPR)",
            "9m21a.txt:120",
        ),
        sw(5),
    ),
    start(
        row(
            Halt::Hpr,
            0o16017,
            "16020",
            "ready the fast-MPY card in the reader",
            "9m21a.txt:121",
        ),
        sw(5),
    ),
];

const M21A_ERRORS: [StopRow; 14] = [
    region(
        Halt::Htr,
        0o32,
        0o560,
        "basic indexing test: the listing's comment at the stop names the fault",
        "9m21a.txt:128-131",
    ),
    DEPR_ERRORS[0],
    DEPR_ERRORS[1],
    row(
        Halt::Htr,
        0o15576,
        "15576",
        "SLT lost a sense light",
        "9m21a.txt:137",
    ),
    row(
        Halt::Htr,
        0o15602,
        "15602",
        "SLT lost a sense light",
        "9m21a.txt:138",
    ),
    row(
        Halt::Htr,
        0o15606,
        "15606",
        "SLT lost a sense light",
        "9m21a.txt:139",
    ),
    row(
        Halt::Htr,
        0o15612,
        "15612",
        "SLT lost a sense light",
        "9m21a.txt:140",
    ),
    row(
        Halt::Htr,
        0o15730,
        "15730",
        "display indicators test with HTR went astray",
        "9m21a.txt:141",
    ),
    row(
        Halt::Htr,
        0o15741,
        "15741",
        "display storage test with HTR went astray",
        "9m21a.txt:142",
    ),
    row(
        Halt::Htr,
        0o15753,
        "15753",
        "display effective address test with HTR went astray",
        "9m21a.txt:143",
    ),
    row(
        Halt::Hpr,
        0o15764,
        "15764",
        "display indicators test with HPR",
        "9m21a.txt:144",
    ),
    row(
        Halt::Hpr,
        0o15775,
        "15776",
        "display storage test with HPR",
        "9m21a.txt:145",
    ),
    row(
        Halt::Hpr,
        0o16007,
        "16010",
        "display effective address test with HPR",
        "9m21a.txt:146",
    ),
    row(
        Halt::Htr,
        0o16042,
        "16042",
        "fast MPY too slow (switch 3 down)",
        "9m21a.txt:147",
    ),
];

/// Cycles for a run: every clean run is under 5 M cycles with the zero-time channel.
pub(crate) const BUDGET: u64 = 50_000_000;

/// The seven, one row each.
pub const DIAGNOSTICS: [Diagnostic; 7] = [
    Diagnostic {
        name: "9m10a",
        title: "instruction counter test",
        loading: Loading::SelfLoading,
        depr: false,
        start: 0o2,
        start_cite: "9m10a.txt:35 (self-loading; LOAD CARDS starts at 1, then 2)",
        switches: 0,
        fast_mpy: false,
        data: None,
        deck_cite: "9m10a.txt:35",
        script: &[],
        end: row(
            Halt::Hpr,
            0o23,
            "23",
            "end of the walk through storage (switch 6 up)",
            "9m10a.txt:46-47",
        ),
        errors: &M10A_ERRORS,
        unsupported: &[],
        budget_cycles: BUDGET,
    },
    Diagnostic {
        name: "9m02a",
        title: "main frame test: indicators, display buttons, fast multiply",
        loading: Loading::Loader,
        depr: true,
        start: 0o30,
        start_cite: "9m02a.txt:43-48",
        switches: sw(3),
        fast_mpy: true,
        data: None,
        deck_cite: "9m02a.txt:43-48",
        script: &M02A_SCRIPT,
        end: row(
            Halt::ReaderEmpty,
            0o5235,
            "",
            "calls in the next program (switch 6 up)",
            "9m02a.asm:3365",
        ),
        errors: &M02A_ERRORS,
        unsupported: &[],
        budget_cycles: BUDGET,
    },
    Diagnostic {
        name: "9m03a",
        title: "indexing test",
        loading: Loading::Loader,
        depr: false,
        start: 0o6734,
        start_cite: "9m03a.txt:48-51",
        switches: 0,
        fast_mpy: false,
        data: None,
        deck_cite: "9m03a.txt:48-51",
        script: &M03A_SCRIPT,
        end: row(
            Halt::ReaderEmpty,
            0o6574,
            "",
            "calls in the next program (switch 6 up)",
            "9m03a.asm:5356",
        ),
        errors: &M03A_ERRORS,
        unsupported: &M03A_UNSUPPORTED,
        budget_cycles: BUDGET,
    },
    Diagnostic {
        name: "9m04a",
        title: "indirect addressing test",
        loading: Loading::Loader,
        depr: true,
        start: 0o30,
        start_cite: "9m04a.txt:95-98",
        switches: 0,
        fast_mpy: false,
        data: None,
        deck_cite: "9m04a.txt:95-98",
        script: &[],
        end: row(
            Halt::ReaderEmpty,
            0o4265,
            "",
            "calls in the next program (switch 6 up)",
            "9m04a.asm:2588",
        ),
        errors: &DEPR_ERRORS,
        unsupported: &[],
        budget_cycles: BUDGET,
    },
    Diagnostic {
        name: "9m05b",
        title: "floating point test",
        loading: Loading::Loader,
        depr: true,
        start: 0o6315,
        start_cite: "9m05b.asm:5293 (END PRINT; the write-up's 9m05b.txt:119 says 6???)",
        switches: 0,
        fast_mpy: false,
        data: None,
        deck_cite: "9m05b.txt:110-125",
        script: &M05B_SCRIPT,
        end: row(
            Halt::ReaderEmpty,
            0o6311,
            "",
            "calls in the next program (switch 6 up)",
            "9m05b.asm:5111",
        ),
        errors: &DEPR_ERRORS,
        unsupported: &[],
        budget_cycles: BUDGET,
    },
    Diagnostic {
        name: "9m08a",
        title: "floating point add/subtract test 2",
        loading: Loading::Loader,
        depr: false,
        start: 0o30,
        start_cite: "9m08a.txt:53-61",
        switches: sw(3),
        fast_mpy: false,
        data: Some(("9m08a.data", 7)),
        deck_cite: "9m08a.txt:53-61",
        script: &M08A_SCRIPT,
        end: row(
            Halt::Hpr,
            0o50,
            "0050",
            "one keyed pass done: the next operand is asked for",
            "9m08a.txt:94, 240-244",
        ),
        errors: &M08A_ERRORS,
        unsupported: &[],
        budget_cycles: BUDGET,
    },
    Diagnostic {
        name: "9m21a",
        title: "main frame test (8K and up)",
        loading: Loading::Loader,
        depr: true,
        start: 0o30,
        start_cite: "9m21a.txt:62-67",
        switches: sw(3),
        fast_mpy: true,
        data: None,
        deck_cite: "9m21a.txt:62-67",
        script: &M21A_SCRIPT,
        end: row(
            Halt::ReaderEmpty,
            0o16217,
            "",
            "calls in the next program (switch 6 up)",
            "9m21a.asm:8746",
        ),
        errors: &M21A_ERRORS,
        unsupported: &[],
        budget_cycles: BUDGET,
    },
];

/// The diagnostic of that name (`9m21a`, any case).
pub fn find(name: &str) -> Option<&'static Diagnostic> {
    DIAGNOSTICS
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(name))
}

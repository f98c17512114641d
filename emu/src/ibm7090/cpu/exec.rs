//! The executor: one instruction (with an XEC, the chain it executes) on a copy of the
//! registers (`Regs`).

use super::super::arith::{self, AC_MAG, AC_P, AC_S, MAG, SIGN, WORD};
use super::super::decode::{Decoded, Ea};
use super::super::float::{self, Outcome, Sign};
use super::super::isa::Op;
use super::super::model::Model;
use super::super::timing::{self, models};
use super::convert::convert_count;
use super::fused::{
    add, count_down, pair, simple, store_trap_location, transfer, TRAP_STR, TRAP_TRANSFER,
};
use super::icache::{orders_of, Entry, NO_SECOND};
use super::io::is_channel_order;
use super::regs::Regs;
use super::{decrement, Machine, Stop, ADDR, STORE_WORDS};

/// What `core` did with an instruction.
pub(super) enum Flow {
    /// Executed; the next instruction follows.
    Next,
    /// Executed, and the machine stops (HTR, HPR).
    Stop(Stop),
    /// Not touched: the instruction needs more of the machine than the store and the
    /// registers (XEC, divide, channel A, the ±0760 group, or an unimplemented code), or,
    /// in the hot loop, its entry says it is left out (`icache::Entry::op`).
    Machine,
}

/// The count of VLM, VDH, VDP: bits 12-17 (flag included).
#[inline(always)]
fn count(word: u64) -> u32 {
    ((word >> 18) & 0o77) as u32
}

/// The effective address Y and the extra cycle of an indirect reference.
#[inline(always)]
pub(super) fn effective(mem: &[u64; STORE_WORDS], r: &Regs, word: u64, d: Decoded) -> (u16, u64) {
    let tag = ((word >> 15) & 7) as u8;
    let address = (word & 0o77777) as u16;
    match d.ea {
        Ea::Address | Ea::Register => (address, 0),
        Ea::Indexed => (address.wrapping_sub(r.xr_read(tag)) & ADDR, 0),
        Ea::Indirect | Ea::IndexedMaybeIndirect => {
            let y = address.wrapping_sub(r.xr_read(tag)) & ADDR;
            if (word >> 22) & 3 != 3 {
                return (y, 0);
            }
            let ind = mem[y as usize];
            let t = ((ind >> 15) & 7) as u8;
            (
                ((ind & 0o77777) as u16).wrapping_sub(r.xr_read(t)) & ADDR,
                1,
            )
        }
    }
}

/// Execute the word of entry `e` (fetched from `at`, IC already past it) when it needs only
/// the store and the registers; the instruction is not counted here. `e.x` names the index
/// register operand (`Regs::xr_operand`), `y` is the effective address, `cycles` the fixed
/// cycles and that of an indirect reference. `HOT`: called from the hot loop, whose entries
/// name one register by its index (`icache::entry`), or two words fused (`fused::pair`).
/// `trap`: trap mode is on (never in the hot loop: `Machine::run_regs`). `horizon`: the cycle
/// count by which the channels next have something to do, before which alone a fused pair's
/// second runs (`u64::MAX`: nothing to come; read by fused pairs alone).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn core<const HOT: bool>(
    mem: &mut [u64; STORE_WORDS],
    r: &mut Regs,
    e: &Entry,
    y: u16,
    at: u16,
    mut cycles: u64,
    trap: bool,
    horizon: u64,
) -> Flow {
    // The entry's fields are read where they are used, not all at once (registers).
    let yi = (y & ADDR) as usize;
    let skip = |r: &mut Regs, n: u32| r.ic = (r.ic + n) & ADDR as u32;
    // A fused pair (`icache::PAIRS`): its first order, then its second.
    macro_rules! pair {
        ($fused:ident) => {{
            let (first, second) = const { orders_of(Op::$fused) };
            return match pair::<HOT>(first, second, mem, r, e, y, at, horizon) {
                true => Flow::Next,
                false => Flow::Machine,
            };
        }};
    }
    // An order of the pairs' (`simple`), the order a constant there.
    macro_rules! simple {
        ($op:ident) => {{
            simple::<HOT>(Op::$op, mem, r, e, y, at, trap);
        }};
    }
    match e.op {
        Op::PacCla => pair!(PacCla),
        Op::ClaAdd => pair!(ClaAdd),
        Op::AddSto => pair!(AddSto),
        Op::ClaSto => pair!(ClaSto),
        Op::StoCla => pair!(StoCla),
        Op::StoPac => pair!(StoPac),
        Op::SubTnz => pair!(SubTnz),
        Op::ClaSub => pair!(ClaSub),
        Op::ClaPac => pair!(ClaPac),
        Op::SubTze => pair!(SubTze),
        Op::ClaTnz => pair!(ClaTnz),
        Op::ClaTze => pair!(ClaTze),
        Op::ClaTmi => pair!(ClaTmi),
        Op::StzTix => pair!(StzTix),
        Op::LacCla => pair!(LacCla),
        Op::StoSub => pair!(StoSub),
        Op::ClaTra => pair!(ClaTra),
        Op::AddPac => pair!(AddPac),
        Op::StoTra => pair!(StoTra),
        Op::AddTze => pair!(AddTze),
        Op::SubTmi => pair!(SubTmi),
        Op::StoLac => pair!(StoLac),
        Op::SubTpl => pair!(SubTpl),
        Op::AxtTra => pair!(AxtTra),
        Op::StoTix => pair!(StoTix),
        Op::PxaPax => pair!(PxaPax),
        Op::AnaSto => pair!(AnaSto),
        Op::Cla => simple!(Cla),
        Op::Add => simple!(Add),
        Op::Sub => simple!(Sub),
        Op::Sto => simple!(Sto),
        Op::Stz => simple!(Stz),
        Op::Ana => simple!(Ana),
        Op::Pac => simple!(Pac),
        Op::Pax => simple!(Pax),
        Op::Pxa => simple!(Pxa),
        Op::Lac => simple!(Lac),
        Op::Axt => simple!(Axt),
        Op::Tix => simple!(Tix),
        Op::Tra => simple!(Tra),
        Op::Tze => simple!(Tze),
        Op::Tnz => simple!(Tnz),
        Op::Tpl => simple!(Tpl),
        Op::Tmi => simple!(Tmi),
        // --- Type A. The index register changes as usual when a transfer traps (SIMH).
        Op::Txi => {
            let xr = r.xr_operand::<HOT>(e.x);
            r.xr_load::<HOT>(e.x, xr.wrapping_add(e.decrement));
            transfer::<HOT>(mem, r, trap, true, e.address, at);
        }
        Op::Tnx => count_down::<HOT, false>(mem, r, e, trap, at),
        Op::Txh => {
            let go = r.xr_operand::<HOT>(e.x) > e.decrement;
            transfer::<HOT>(mem, r, trap, go, e.address, at);
        }
        Op::Txl => {
            let go = r.xr_operand::<HOT>(e.x) <= e.decrement;
            transfer::<HOT>(mem, r, trap, go, e.address, at);
        }
        Op::Str => {
            // Location + 1 to 0000, then to 0002, in or out of trap mode [CE-100]; SIMH reads
            // (and with several tag bits rewrites) the index registers as for any Type A.
            r.xr_operand::<HOT>(e.x);
            store_trap_location(mem, r.ic);
            r.ic = TRAP_STR;
        }
        // --- Transfers and control
        Op::Htr => {
            r.cycles += cycles;
            // Trap mode: START goes to 0001, and only then is the location stored in 0000
            // (SIMH's pending HTR; `Machine::halt_trap`).
            let trapped = !HOT && trap;
            r.ic = if trapped { TRAP_TRANSFER } else { y as u32 };
            return Flow::Stop(Stop::Halt {
                address: at,
                target: y,
                trapped,
            });
        }
        Op::Hpr => {
            r.cycles += cycles;
            return Flow::Stop(Stop::HaltProceed { address: at });
        }
        Op::Ttr => r.ic = y as u32,
        Op::Tlq => {
            let s1 = r.ac & AC_S != 0;
            let s2 = r.mq & SIGN != 0;
            let t1 = r.ac & AC_MAG;
            let t2 = r.mq & MAG;
            let go = if s1 != s2 {
                s2
            } else {
                t1 != t2 && (s2 ^ (t1 > t2))
            };
            transfer::<HOT>(mem, r, trap, go, y, at);
        }
        Op::Tsx => {
            r.xr_load::<HOT>(e.x, (!at).wrapping_add(1) & ADDR);
            transfer::<HOT>(mem, r, trap, true, y, at);
        }
        Op::Tov => {
            transfer::<HOT>(mem, r, trap, r.overflow, y, at);
            r.overflow = false;
        }
        Op::Tno => {
            transfer::<HOT>(mem, r, trap, !r.overflow, y, at);
            r.overflow = false;
        }
        Op::Tqp => transfer::<HOT>(mem, r, trap, r.mq & SIGN == 0, y, at),
        Op::Nop => {}
        // --- Multiply and divide
        Op::Mpy | Op::Mpr => {
            let w = mem[yi];
            if e.cycles == 0 {
                // The 7090: by the multiplier's bits.
                cycles += timing::multiply_cycles(r.mq, w) as u64;
            } else {
                // The 709, the 7094: the entry's fixed cycles are the count (`timing::models`).
                let long = e.cycles as u32;
                cycles = cycles - long as u64 + models::multiply(long, w & MAG == 0) as u64;
            }
            (r.ac, r.mq) = if e.op == Op::Mpy {
                arith::multiply(r.mq, w)
            } else {
                arith::multiply_round(r.mq, w)
            };
        }
        // --- Logical, compare, add
        Op::Ans => mem[yi] &= r.ac & WORD,
        Op::Era => r.ac = (r.ac ^ mem[yi]) & WORD,
        Op::Ora => r.ac |= mem[yi],
        Op::Ors => mem[yi] |= r.ac & WORD,
        Op::Cas => {
            let w = mem[yi];
            let s1 = r.ac & AC_S != 0;
            let s2 = w & SIGN != 0;
            let t1 = r.ac & AC_MAG;
            let t2 = w & MAG;
            let n = if s1 != s2 {
                if s1 {
                    2
                } else {
                    0
                }
            } else if t1 == t2 {
                1
            } else if (t1 < t2) ^ s1 {
                2
            } else {
                0
            };
            skip(r, n);
        }
        Op::Las => {
            let t = r.ac & AC_MAG;
            let w = mem[yi];
            skip(r, if t < w { 2 } else { (t == w) as u32 });
        }
        Op::Acl => r.ac = arith::add_logical(r.ac, mem[yi]),
        Op::Adm => add(r, mem[yi] & MAG),
        Op::Sbm => add(r, mem[yi] | SIGN),
        // --- Loads
        Op::Cls => r.ac = arith::ac_from_word(mem[yi] ^ SIGN),
        Op::Cal => r.ac = mem[yi],
        Op::Ldq => r.mq = mem[yi],
        Op::Zet => {
            if mem[yi] & MAG == 0 {
                skip(r, 1);
            }
        }
        Op::Nzt => {
            if mem[yi] & MAG != 0 {
                skip(r, 1);
            }
        }
        Op::Xca => {
            let t = r.mq;
            r.mq = arith::word_from_ac(r.ac);
            r.ac = arith::ac_from_word(t);
        }
        Op::Xcl => {
            let t = r.mq;
            r.mq = r.ac & WORD;
            r.ac = t;
        }
        // --- Stores
        Op::Slw => mem[yi] = r.ac & WORD,
        Op::Stq => mem[yi] = r.mq,
        Op::Sta => mem[yi] = (mem[yi] & !0o77777) | (r.ac & 0o77777),
        Op::Std => {
            let f = 0o77777 << 18;
            mem[yi] = (mem[yi] & !f) | (r.ac & f);
        }
        Op::Stt => {
            let f = 0o7 << 15;
            mem[yi] = (mem[yi] & !f) | (r.ac & f);
        }
        Op::Stp => {
            let f = 0o7 << 33;
            mem[yi] = (mem[yi] & !f) | (r.ac & f);
        }
        Op::Stl => mem[yi] = (mem[yi] & !0o77777) | r.ic as u64,
        Op::Slq => {
            let f = 0o777777 << 18;
            mem[yi] = (mem[yi] & !f) | (r.mq & f);
        }
        // --- Index registers
        Op::Lxa => r.xr_load::<HOT>(e.x, mem[yi] as u16),
        Op::Lxd => r.xr_load::<HOT>(e.x, decrement(mem[yi])),
        Op::Ldc => r.xr_load::<HOT>(e.x, decrement(mem[yi]).wrapping_neg()),
        Op::Sxa => {
            let x = r.xr_operand::<HOT>(e.x) as u64;
            mem[yi] = (mem[yi] & !0o77777) | x;
        }
        Op::Sxd => {
            let x = r.xr_operand::<HOT>(e.x) as u64;
            let f = 0o77777 << 18;
            mem[yi] = (mem[yi] & !f) | (x << 18);
        }
        Op::Pdx => r.xr_load::<HOT>(e.x, (r.ac >> 18) as u16),
        Op::Pdc => r.xr_load::<HOT>(e.x, ((r.ac >> 18) as u16).wrapping_neg()),
        Op::Pxd => r.ac = (r.xr_operand::<HOT>(e.x) as u64) << 18,
        Op::Axc => r.xr_load::<HOT>(e.x, e.address.wrapping_neg()),
        // --- Shifts: the count is the low 8 bits of Y
        Op::Als | Op::Ars | Op::Lls | Op::Lrs | Op::Lgl | Op::Lgr | Op::Rql => {
            let n = (y & 0o377) as u32;
            cycles += timing::shift_cycles(n) as u64;
            match e.op {
                Op::Als => {
                    let (ac, ovf) = arith::als(r.ac, n);
                    r.ac = ac;
                    r.overflow |= ovf;
                }
                Op::Ars => r.ac = arith::ars(r.ac, n),
                Op::Lls | Op::Lgl => {
                    let (ac, mq, ovf) = if e.op == Op::Lls {
                        arith::lls(r.ac, r.mq, n)
                    } else {
                        arith::lgl(r.ac, r.mq, n)
                    };
                    (r.ac, r.mq) = (ac, mq);
                    r.overflow |= ovf;
                }
                Op::Lrs => (r.ac, r.mq) = arith::lrs(r.ac, r.mq, n),
                Op::Lgr => (r.ac, r.mq) = arith::lgr(r.ac, r.mq, n),
                _ => r.mq = arith::rql(r.mq, n),
            }
        }
        // --- The ±0760 functions that work on AC alone
        Op::Clm => r.ac &= AC_S,
        Op::Lbt => {
            if r.ac & 1 != 0 {
                skip(r, 1);
            }
        }
        Op::Chs => r.ac ^= AC_S,
        Op::Ssp => r.ac &= !AC_S,
        Op::Com => r.ac ^= AC_MAG,
        Op::Rnd => {
            // MQ(1) = 1: AC := AC + 1 algebraically, as an ADD of +1 (overflow when P
            // changes). SIMH's rule (op_add(1); run: −5 gives −4, −0 gives +1); CE-69 says
            // the magnitude grows, which differs for a negative AC only (docs/ibm7090.md).
            if r.mq & (1 << 34) != 0 {
                let (ac, ovf) = arith::add(r.ac, 1);
                r.ac = ac;
                r.overflow |= ovf;
            }
        }
        Op::Pbt => {
            if r.ac & AC_P != 0 {
                skip(r, 1);
            }
        }
        Op::Ssm => r.ac |= AC_S,
        // Instructions that need more of the machine than the store and the registers
        // (XEC, divide, floating point, channels, indicators, a ±0760 word before its address
        // selects the function, unimplemented codes), and in the hot loop the instructions it
        // leaves out to stay small. Named one by one, not `_`: a match that names every
        // operation lets the host jump through its table with no range test (docs/scale.md,
        // "A position-dependent build": bench 7090 3.04 G host instructions to 2.74 G).
        #[rustfmt::skip]
        Op::Unimplemented | Op::Illegal | Op::Data | Op::Group0760
        | Op::Xec | Op::Etm | Op::Ltm | Op::Eftm | Op::Lftm | Op::Tqo | Op::Enk | Op::Dct
        | Op::Dvh | Op::Dvp | Op::Vlm | Op::Vdh | Op::Vdp | Op::Cvr | Op::Crq | Op::Caq
        | Op::Fad | Op::Fsb | Op::Fam | Op::Fsm | Op::Ufa | Op::Ufs | Op::Uam | Op::Usm
        | Op::Fmp | Op::Ufm | Op::Fdh | Op::Fdp | Op::Frn
        | Op::Rds | Op::Wrs | Op::Bsr | Op::Bsf | Op::Wef | Op::Rew | Op::Run | Op::Sdn
        | Op::Rch | Op::Lch | Op::Sch | Op::Tco | Op::Tcn | Op::Trc | Op::Tef | Op::Btt
        | Op::Ett | Op::Iot | Op::Sense | Op::Enb | Op::Rct | Op::Tch
        | Op::Iocd | Op::Iorp | Op::Iort | Op::Iocp | Op::Ioct | Op::Iosp | Op::Iost
        | Op::Slf | Op::Sln | Op::Swt | Op::Slt
        | Op::Pai | Op::Pia | Op::Oai | Op::Iia | Op::Ria | Op::Tio | Op::Tif | Op::Ldi
        | Op::Sti | Op::Osi | Op::Iis | Op::Ris | Op::Ont | Op::Oft | Op::Sir | Op::Sil
        | Op::Rir | Op::Ril | Op::Iir | Op::Iil | Op::Rft | Op::Lft | Op::Rnt | Op::Lnt
        | Op::Dfad | Op::Dfsb | Op::Dfam | Op::Dfsm | Op::Dufa | Op::Dufs | Op::Duam | Op::Dusm
        | Op::Dfmp | Op::Dufm | Op::Dfdh | Op::Dfdp | Op::Dld | Op::Dst
        | Op::Sca | Op::Scd | Op::Pca | Op::Pcd | Op::Emtm | Op::Lmtm
            => return Flow::Machine,
    }
    r.cycles += cycles;
    Flow::Next
}

impl Machine {
    /// Undo the fetch: the instruction at `at` did not execute.
    pub(super) fn refuse(r: &mut Regs, at: u16, depth: u32, stop: Stop) -> Result<(), Stop> {
        if depth == 0 {
            r.ic = at as u32;
        }
        Err(stop)
    }

    /// Execute `word` fetched from `at` (for XEC, `at` is the XEC's location).
    #[inline(always)]
    pub(super) fn execute(
        &mut self,
        r: &mut Regs,
        word: u64,
        at: u16,
        depth: u32,
    ) -> Result<(), Stop> {
        let d = self.dec.ops[((word >> 24) & 0o7777) as usize].specialise(word);
        self.execute_decoded(r, word, d, at, depth)
    }

    /// Execute `word`, decoded and specialised as `d`, and count it.
    #[inline(always)]
    pub(super) fn execute_decoded(
        &mut self,
        r: &mut Regs,
        word: u64,
        d: Decoded,
        at: u16,
        depth: u32,
    ) -> Result<(), Stop> {
        match self.core_general(r, word, d, at) {
            Flow::Next => {
                r.instructions += 1;
                Ok(())
            }
            Flow::Stop(stop) => {
                r.instructions += 1;
                if let Stop::Halt {
                    address,
                    trapped: true,
                    ..
                } = stop
                {
                    self.halt_trap = Some(address);
                }
                Err(stop)
            }
            // Not through `machine`, which sets up for all its orders: IBSYS's channel tests and
            // its XECs of them come millions of times a job.
            Flow::Machine if d.op == Op::Xec || is_channel_order(d.op) => {
                let (y, extra) = effective(&self.mem, r, word, d);
                let cycles = d.cycles as u64 + extra;
                r.instructions += 1;
                match d.op {
                    Op::Xec => self.xec(r, y, at, depth, cycles),
                    op => self.channel_order(r, word, op, y, at, depth, cycles),
                }
            }
            Flow::Machine => self.machine(r, word, d, at, depth),
        }
    }

    /// `execute_decoded` out of line, for the words the hot loop leaves.
    #[inline(never)]
    pub(super) fn execute_left(&mut self, r: &mut Regs, word: u64, at: u16) -> Result<(), Stop> {
        self.execute(r, word, at, 0)
    }

    /// `core` for any word, however it forms its address.
    #[inline(always)]
    fn core_general(&mut self, r: &mut Regs, word: u64, d: Decoded, at: u16) -> Flow {
        let (y, extra) = effective(&self.mem, r, word, d);
        let e = Entry {
            word,
            op: d.op,
            cycles: d.cycles,
            yx: 3,
            x: ((word >> 15) & 7) as u8,
            address: (word & 0o77777) as u16,
            decrement: decrement(word),
            second: NO_SECOND,
        };
        let trap = self.trap_mode;
        core::<false>(
            &mut self.mem,
            r,
            &e,
            y,
            at,
            d.cycles as u64 + extra,
            trap,
            0,
        )
    }

    /// The instructions `core` leaves to the whole machine; counts them.
    #[inline(never)]
    fn machine(
        &mut self,
        r: &mut Regs,
        word: u64,
        d: Decoded,
        at: u16,
        depth: u32,
    ) -> Result<(), Stop> {
        let (y, extra) = effective(&self.mem, r, word, d);
        let mut cycles = d.cycles as u64 + extra;
        let yi = y as usize;
        let skip = |r: &mut Regs| r.ic = (r.ic + 1) & ADDR as u32;
        r.instructions += 1;
        match d.op {
            Op::Xec => return self.xec(r, y, at, depth, cycles),
            Op::Vlm => {
                // The count in bits 12-17; 0 changes nothing, before the zero tests (SIMH
                // op_mpy; 9M21A "COUNT TAKES PRECEDENT").
                let w = self.mem[yi];
                let c = count(word);
                let own = timing::count_multiply_cycles(r.mq, w, c);
                cycles += self.model_cycles(d.op, own, c, false, w & arith::MAG == 0) as u64;
                if c != 0 {
                    (r.ac, r.mq) = arith::multiply_steps(r.mq, w, c);
                }
            }
            Op::Cvr | Op::Crq | Op::Caq => {
                cycles += timing::convert_cycles(convert_count(word)) as u64;
                self.convert(r, d.op, word);
            }
            Op::Dvh | Op::Dvp | Op::Vdh | Op::Vdp => {
                cycles += self.divide_order(r, d.op, word, yi, at, cycles)?
            }
            // --- Floating point (`float`)
            #[rustfmt::skip]
            Op::Fad | Op::Fsb | Op::Fam | Op::Fsm | Op::Ufa | Op::Ufs | Op::Uam | Op::Usm
            | Op::Fmp | Op::Ufm | Op::Fdh | Op::Fdp | Op::Frn => {
                cycles += self.floating_order(r, d.op, yi, at, cycles)?
            },
            // TQO works only out of floating trap mode, and there it is a transfer that traps
            // in trap mode as the others do [SUP]; in floating trap mode it does nothing.
            Op::Tqo => {
                if !self.floating_trap {
                    let go = self.mq_overflow;
                    self.mq_overflow = false;
                    self.transfer(r, go, y, at);
                }
            }
            Op::Eftm => {
                self.floating_trap = true;
                self.mq_overflow = false;
            }
            Op::Lftm => self.floating_trap = false,
            // --- The channels and their units (`cpu/io.rs`)
            op if is_channel_order(op) => {
                return self.channel_order(r, word, op, y, at, depth, cycles)
            }
            // --- The ±0760 group: the effective address selects the function, executed as
            // its own row.
            Op::Group0760 => {
                r.instructions -= 1;
                let f = self.dec.group(word & SIGN != 0, y);
                return self.execute_decoded(r, word, f, at, depth);
            }
            Op::Enk => r.mq = self.keys & WORD,
            Op::Enb => self.channel_traps.enable_from(self.mem[yi]),
            Op::Rct => self.channel_traps.restore(),
            Op::Etm => self.trap_mode = true,
            Op::Ltm => self.trap_mode = false,
            Op::Dct => {
                if self.divide_check {
                    self.divide_check = false;
                } else {
                    skip(r);
                }
            }
            #[rustfmt::skip]
            Op::Pai | Op::Pia | Op::Oai | Op::Iia | Op::Ria | Op::Tio | Op::Tif | Op::Ldi
            | Op::Sti | Op::Osi | Op::Iis | Op::Ris | Op::Ont | Op::Oft | Op::Sir | Op::Sil
            | Op::Rir | Op::Ril | Op::Iir | Op::Iil | Op::Rft | Op::Lft | Op::Rnt | Op::Lnt => self.indicators(r, d.op, word, y, at),
            Op::Slf => self.sense_lights = 0,
            // SLN n, SWT n, SLT n: n is the address's low octal digit (014n, 016n).
            Op::Sln => self.sense_lights |= light(y),
            Op::Swt => {
                if self.sense_switches & light(y) != 0 {
                    skip(r);
                }
            }
            Op::Slt => {
                if self.sense_lights & light(y) != 0 {
                    self.sense_lights &= !light(y);
                    skip(r);
                }
            }
            // The 7094's orders (`cpu/ibm7094.rs`).
            Op::Dfad
            | Op::Dfsb
            | Op::Dfam
            | Op::Dfsm
            | Op::Dufa
            | Op::Dufs
            | Op::Duam
            | Op::Dusm
            | Op::Dfmp
            | Op::Dufm
            | Op::Dfdh
            | Op::Dfdp
            | Op::Dld
            | Op::Dst
            | Op::Sca
            | Op::Scd
            | Op::Pca
            | Op::Pcd
            | Op::Emtm
            | Op::Lmtm => return self.ibm7094(r, d.op, word, y, at, cycles),
            // An order the machine does not have: nothing done, IC past it (SIMH's stop).
            Op::Illegal => {
                r.instructions -= 1;
                let model = self.model;
                return Err(Stop::IllegalOrder {
                    word,
                    address: at,
                    model,
                });
            }
            // Unimplemented, and any row the executor has no arm for (ops that `core` runs
            // never come here): the machine stops as for any instruction it lacks.
            _ => {
                r.instructions -= 1;
                return Self::refuse(r, at, depth, Stop::Unimplemented { word, address: at });
            }
        }
        r.cycles += cycles;
        Ok(())
    }

    /// The cycles of a data-dependent order on this model, given what the 7090's rule gave
    /// (`own`; see `timing::models::data_cycles`).
    fn model_cycles(&self, op: Op, own: u32, count: u32, check: bool, zero: bool) -> u32 {
        if self.model == Model::Ibm7090 {
            return own;
        }
        let rule = models::data_rule(self.model, op);
        models::data_cycles(rule, self.cpu_bound, own, count, check, zero)
    }

    /// DVH, DVP: 35 quotient steps; VDH, VDP: the count in bits 12-17, where 0 changes
    /// nothing, not even on divide check (SIMH op_div; 9M21A `VDP K2,0,0`). Returns the steps'
    /// cycles; DVH and VDH halt on divide check, the order's `cycles` and the steps' counted.
    #[inline(always)]
    fn divide_order(
        &mut self,
        r: &mut Regs,
        op: Op,
        word: u64,
        yi: usize,
        at: u16,
        cycles: u64,
    ) -> Result<u64, Stop> {
        let c = match op {
            Op::Dvh | Op::Dvp => 35,
            _ => count(word),
        };
        let w = self.mem[yi];
        let result = match c {
            0 => Some((r.ac, r.mq)),
            35 => arith::divide(r.ac, r.mq, w),
            _ => arith::divide_steps(r.ac, r.mq, w, c),
        };
        let own = timing::count_divide_cycles(c, result.is_none());
        let steps = self.model_cycles(op, own, c, result.is_none(), false) as u64;
        match result {
            Some((ac, mq)) => (r.ac, r.mq) = (ac, mq),
            None => {
                self.divide_check = true;
                if matches!(op, Op::Dvh | Op::Vdh) {
                    r.cycles += cycles + steps;
                    return Err(Stop::DivideCheckHalt { address: at });
                }
            }
        }
        Ok(steps)
    }

    /// A floating-point order; a spill takes the floating trap after the results. Returns its
    /// cycles; FDH halts on divide check, the order's `cycles` and its own counted.
    #[inline(always)]
    fn floating_order(
        &mut self,
        r: &mut Regs,
        op: Op,
        yi: usize,
        at: u16,
        cycles: u64,
    ) -> Result<u64, Stop> {
        Ok(match op {
            Op::Fmp | Op::Ufm => {
                let mut o = float::multiply(r.mq, self.mem[yi], op == Op::Fmp);
                o.cycles = self.model_cycles(op, o.cycles, 0, false, false);
                self.float_result(r, o)
            }
            Op::Fdh | Op::Fdp => {
                let mut o = float::divide(r.ac, self.mem[yi]);
                o.cycles = self.model_cycles(op, o.cycles, 0, false, false);
                let own = self.float_result(r, o);
                if o.divide_check {
                    self.divide_check = true;
                    if op == Op::Fdh {
                        r.cycles += cycles + own;
                        return Err(Stop::DivideCheckHalt { address: at });
                    }
                }
                own
            }
            Op::Frn => {
                let (ac, code) = float::round(r.ac, r.mq);
                r.ac = ac;
                self.spill(r, code)
            }
            _ => {
                let sign = match op {
                    Op::Fad | Op::Ufa => Sign::Keep,
                    Op::Fsb | Op::Ufs => Sign::Invert,
                    Op::Fam | Op::Uam => Sign::Plus,
                    _ => Sign::Minus,
                };
                let normalize = matches!(op, Op::Fad | Op::Fsb | Op::Fam | Op::Fsm);
                let o = float::add(r.ac, sign.apply(self.mem[yi]), normalize);
                self.float_result(r, o)
            }
        })
    }

    /// Store a floating-point instruction's AC and MQ and take its spill; returns the cycles.
    fn float_result(&mut self, r: &mut Regs, o: Outcome) -> u64 {
        r.ac = o.ac;
        r.mq = o.mq;
        o.cycles as u64 + self.spill(r, o.spill)
    }

    /// A floating-point spill (`float::spill` code, 0 for none). In floating trap mode the
    /// location after the instruction (after the XEC that executed it) goes to the address of
    /// 0000 and the code to its decrement, the rest of 0000 kept, and the next instruction
    /// comes from 0010 [CE-142; SUP `fp_trap`, `WriteTAD`]; one cycle to store 0000 [I].
    /// Otherwise an AC spill turns AC overflow on and an MQ spill MQ overflow [SUP].
    pub(super) fn spill(&mut self, r: &mut Regs, code: u8) -> u64 {
        if code == 0 {
            return 0;
        }
        if self.floating_trap {
            let fields = (0o77777 << 18) | 0o77777;
            self.mem[0] = (self.mem[0] & !fields) | u64::from(code) << 18 | u64::from(r.ic);
            r.ic = FLOATING_TRAP;
            1
        } else {
            r.overflow |= code & float::spill::AC != 0;
            self.mq_overflow |= code & float::spill::MQ != 0;
            0
        }
    }

    /// A transfer order that needs the machine (TIO, TIF, TCOA ...): as `transfer`.
    pub(super) fn transfer(&mut self, r: &mut Regs, go: bool, y: u16, at: u16) {
        let trap = self.trap_mode;
        transfer::<false>(&mut self.mem, r, trap, go, y, at);
    }
}

/// Where the floating trap takes the next instruction from.
const FLOATING_TRAP: u32 = 0o10;

/// The bit (n - 1) of sense switch or light n, for the address 01x0 + n of SWT, SLN, SLT.
#[inline(always)]
fn light(y: u16) -> u8 {
    1 << (y.wrapping_sub(1) & 7)
}

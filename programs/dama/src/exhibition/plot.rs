//! The move-time plot: a hand-written SVG of the machine's period move times beside Findler's
//! band.

use super::{ExhibitionReport, BAND_NS};
use crate::times::TimeStats;

/// A logarithmic axis over the data: from the 1-2-5 step at or below the least value to the
/// one at or above the greatest, so that the data fill it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct LogAxis {
    pub lo: f64,
    pub hi: f64,
}

/// The 1-2-5 steps around `v`: the greatest at or below it, the least at or above it.
fn steps(v: f64) -> (f64, f64) {
    let decade = 10f64.powf(v.log10().floor());
    let candidates = [1.0, 2.0, 5.0, 10.0].map(|m| m * decade);
    // A little slack, so that a value on a step (2.0 after rounding in log10) is that step.
    let below = candidates
        .iter()
        .rev()
        .find(|&&c| c <= v * (1.0 + 1e-9))
        .copied()
        .unwrap_or(decade / 2.0);
    let above = candidates
        .iter()
        .find(|&&c| c >= v * (1.0 - 1e-9))
        .copied()
        .unwrap_or(decade * 20.0);
    (below, above)
}

impl LogAxis {
    /// The axis over `values` (those above 0); `empty` when there are none.
    pub(crate) fn over(values: impl IntoIterator<Item = f64>, empty: (f64, f64)) -> LogAxis {
        let (mut lo, mut hi) = (f64::INFINITY, 0f64);
        for v in values.into_iter().filter(|v| *v > 0.0 && v.is_finite()) {
            lo = lo.min(v);
            hi = hi.max(v);
        }
        if hi == 0.0 {
            (lo, hi) = empty;
        }
        let (lo, _) = steps(lo);
        let (_, hi) = steps(hi);
        // One step at least, so that a single value has a width.
        let hi = if hi <= lo { steps(lo * 1.5).1 } else { hi };
        LogAxis { lo, hi }
    }

    /// Where `v` falls from 0 (lo) to 1 (hi), values outside kept at the ends.
    pub(crate) fn frac(&self, v: f64) -> f64 {
        let v = v.clamp(self.lo, self.hi);
        (v.log10() - self.lo.log10()) / (self.hi.log10() - self.lo.log10())
    }

    /// The ticks: every 1-2-5 step over at most three decades, else every decade.
    pub(crate) fn ticks(&self) -> Vec<f64> {
        let decades = (self.hi / self.lo).log10();
        let marks: &[f64] = if decades <= 3.0 + 1e-9 {
            &[1.0, 2.0, 5.0]
        } else {
            &[1.0]
        };
        let mut out = Vec::new();
        let mut decade = 10f64.powf(self.lo.log10().floor());
        while decade <= self.hi * (1.0 + 1e-9) {
            for &m in marks {
                let t = m * decade;
                if t >= self.lo * (1.0 - 1e-9) && t <= self.hi * (1.0 + 1e-9) {
                    out.push(t);
                }
            }
            decade *= 10.0;
        }
        out
    }
}

/// A tick's label: `0.1`, `2`, `50`, `1000`, `1e+06` (no trailing zeros).
fn tick_text(t: f64) -> String {
    if (1e-3..1e5).contains(&t) {
        let s = format!("{t:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        format!("{t:e}")
    }
}

/// The picture's frame: size and the plot area's edges.
const W: f64 = 720.0;
const H: f64 = 390.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 700.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 300.0;
/// The tallest bar stops this far below the plot area's top, so that its count (9 px high,
/// drawn above it) stays inside the area, clear of the band's caption above the area.
const HEADROOM: f64 = 14.0;

/// The SVG's opening, its title as `<title>` and as text.
fn open_svg(title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" font-family=\"sans-serif\" font-size=\"12\">\n<title>{title}</title>\n<text class=\"title\" x=\"{LEFT}\" y=\"20\">{title}</text>\n"
    )
}

/// The x axis at the plot area's foot: its line, a tick and label at each of `axis`'s ticks
/// with `unit` after the number, and `label` under them.
fn x_axis(axis: &LogAxis, unit: &str, label: &str) -> String {
    let x = |v: f64| LEFT + axis.frac(v) * (RIGHT - LEFT);
    let mut s = format!(
        "<g class=\"x-axis\">\n<line x1=\"{LEFT}\" y1=\"{BOTTOM}\" x2=\"{RIGHT}\" y2=\"{BOTTOM}\" stroke=\"black\"/>\n"
    );
    for t in axis.ticks() {
        s.push_str(&format!(
            "<line x1=\"{0:.1}\" y1=\"{BOTTOM}\" x2=\"{0:.1}\" y2=\"{1}\" stroke=\"black\"/><text x=\"{0:.1}\" y=\"{2}\" text-anchor=\"middle\">{3}{unit}</text>\n",
            x(t),
            BOTTOM + 5.0,
            BOTTOM + 20.0,
            tick_text(t)
        ));
    }
    s.push_str(&format!(
        "<text class=\"label\" x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{label}</text>\n</g>\n",
        (LEFT + RIGHT) / 2.0,
        BOTTOM + 34.0
    ));
    s
}

/// The legend under the plot: a swatch and a name for each thing drawn.
fn legend(entries: &[(&str, &str)]) -> String {
    let ly = BOTTOM + 76.0;
    let mut s = String::from("<g class=\"legend\">\n");
    for (i, (fill, name)) in entries.iter().enumerate() {
        let lx = LEFT + i as f64 * 340.0;
        s.push_str(&format!(
            "<g class=\"entry\"><rect x=\"{lx}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{fill}\" stroke=\"black\"/><text x=\"{:.1}\" y=\"{ly}\">{name}</text></g>\n",
            ly - 10.0,
            lx + 18.0
        ));
    }
    s.push_str("</g>\n");
    s
}

/// A hand-written SVG: the distribution of period move times (log scale) beside Findler's
/// 10-150 s band. A title, both axes with their units, the count over every bar and a legend
/// for the two things drawn (the bars, the band); each part in a `<g class=...>` of its own,
/// which the test reads. The time axis runs over the moves' times (and the band), from the
/// 1-2-5 step at or below the fastest move.
pub fn plot_svg(report: &ExhibitionReport) -> String {
    let times: Vec<f64> = report
        .moves
        .iter()
        .map(|m| m.period_ns as f64 / 1e9)
        .collect();
    let band = (BAND_NS.0 as f64 / 1e9, BAND_NS.1 as f64 / 1e9);
    // Times under a millisecond (none a real move takes) are drawn at the axis's start.
    let axis = LogAxis::over(
        times.iter().map(|t| t.max(1e-3)).chain([band.0, band.1]),
        band,
    );
    let x = |s: f64| LEFT + axis.frac(s) * (RIGHT - LEFT);
    // Bins wide enough for a three-figure count over each.
    let bins = 32usize;
    let mut counts = vec![0usize; bins];
    for &t in &times {
        let i = ((axis.frac(t.max(1e-3)) * bins as f64) as usize).min(bins - 1);
        counts[i] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let (bar_fill, band_fill) = ("#3b6ea5", "#f3e3b0");
    let title = format!(
        "SILLIAC dama, {} boards, setting {}: {} machine moves, period time per move (log scale)",
        report.boards,
        report.setting,
        times.len()
    );
    let mut s = open_svg(&title);
    // The band's caption above the plot area, where no bar or count reaches.
    s.push_str(&format!(
        "<g class=\"band\"><rect x=\"{:.1}\" y=\"{TOP}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{band_fill}\"/><text x=\"{:.1}\" y=\"{}\">Findler: 10-150 s a move</text></g>\n",
        x(band.0),
        x(band.1) - x(band.0),
        BOTTOM - TOP,
        x(band.0),
        TOP - 6.0
    ));
    let (bw, tallest) = ((RIGHT - LEFT) / bins as f64, BOTTOM - TOP - HEADROOM);
    s.push_str("<g class=\"bars\">\n");
    for (i, &c) in counts.iter().enumerate().filter(|(_, &c)| c > 0) {
        let bh = c as f64 / most * tallest;
        s.push_str(&format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{bar_fill}\"><title>{c}</title></rect>\n",
            LEFT + i as f64 * bw,
            BOTTOM - bh,
            bw - 1.0,
            bh
        ));
        // The count over its bar, so the figure can be read without hovering.
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\">{c}</text>\n",
            LEFT + (i as f64 + 0.5) * bw,
            BOTTOM - bh - 2.0
        ));
    }
    s.push_str("</g>\n");
    // The y axis: machine moves a bin.
    s.push_str(&format!(
        "<g class=\"y-axis\">\n<line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{BOTTOM}\" stroke=\"black\"/>\n"
    ));
    for k in [0.0, 0.5, 1.0] {
        let y = BOTTOM - k * tallest;
        s.push_str(&format!(
            "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{LEFT}\" y2=\"{y:.1}\" stroke=\"black\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            LEFT - 5.0,
            LEFT - 8.0,
            y + 4.0,
            (k * most).round()
        ));
    }
    s.push_str(&format!(
        "<text class=\"label\" transform=\"translate(16,{:.1}) rotate(-90)\" text-anchor=\"middle\">machine moves (count a bin)</text>\n</g>\n",
        (TOP + BOTTOM) / 2.0
    ));
    s.push_str(&x_axis(
        &axis,
        " s",
        "period time per move, seconds (log scale)",
    ));
    if let Some(sp) = TimeStats::of(&report.move_times()) {
        s.push_str(&format!(
            "<text x=\"{LEFT}\" y=\"{}\">min {:.1} s, median {:.1} s, max {:.1} s</text>\n",
            BOTTOM + 52.0,
            sp.min,
            sp.median,
            sp.max
        ));
    }
    s.push_str(&legend(&[
        (bar_fill, "SILLIAC's moves a bin (count over each bar)"),
        (band_fill, "Findler's reported 10-150 s a move"),
    ]));
    s.push_str("</svg>\n");
    s
}

/// The cross-check on one figure: for every machine move, the positions the SILLIAC program
/// examined (its own count, y) against those the native faithful engine examined in the same
/// position (x), both on log scales. Moves where the two agree lie on the diagonal; a move
/// whose counts differ is drawn in the mismatch colour (the report lists every mismatch).
pub fn crosscheck_svg(report: &ExhibitionReport) -> String {
    let pairs: Vec<(f64, f64)> = report
        .moves
        .iter()
        .map(|m| (m.native_positions as f64, m.positions as f64))
        .collect();
    let agreed = report
        .moves
        .iter()
        .filter(|m| m.native_positions == m.positions)
        .count();
    // One scale for both axes, so that agreement is the diagonal.
    let axis = LogAxis::over(
        pairs.iter().flat_map(|&(a, b)| [a.max(1.0), b.max(1.0)]),
        (1.0, 10.0),
    );
    let x = |v: f64| LEFT + axis.frac(v.max(1.0)) * (RIGHT - LEFT);
    let y = |v: f64| BOTTOM - axis.frac(v.max(1.0)) * (BOTTOM - TOP);
    let (same, differ, line) = ("#3b6ea5", "#c0392b", "#888888");
    let title = format!(
        "SILLIAC dama vs its native twin, setting {}: positions examined, {} of {} moves alike",
        report.setting,
        agreed,
        pairs.len()
    );
    let mut s = open_svg(&title);
    s.push_str(&format!(
        "<g class=\"diagonal\"><line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{line}\"/></g>\n",
        x(axis.lo),
        y(axis.lo),
        x(axis.hi),
        y(axis.hi)
    ));
    s.push_str("<g class=\"points\">\n");
    for (m, &(native, emulated)) in report.moves.iter().zip(&pairs) {
        let fill = if native == emulated { same } else { differ };
        s.push_str(&format!(
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\" fill=\"{fill}\"><title>board {} half-move {}: SILLIAC {} native {}</title></circle>\n",
            x(native),
            y(emulated),
            m.board,
            m.half_move,
            m.positions,
            m.native_positions
        ));
    }
    s.push_str("</g>\n");
    s.push_str(&format!(
        "<g class=\"y-axis\">\n<line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{BOTTOM}\" stroke=\"black\"/>\n"
    ));
    for t in axis.ticks() {
        let (at, text) = (y(t), tick_text(t));
        s.push_str(&format!(
            "<line x1=\"{:.1}\" y1=\"{at:.1}\" x2=\"{LEFT}\" y2=\"{at:.1}\" stroke=\"black\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{text}</text>\n",
            LEFT - 5.0,
            LEFT - 8.0,
            at + 4.0
        ));
    }
    s.push_str(&format!(
        "<text class=\"label\" transform=\"translate(14,{:.1}) rotate(-90)\" text-anchor=\"middle\">SILLIAC program, positions (count)</text>\n</g>\n",
        (TOP + BOTTOM) / 2.0
    ));
    s.push_str(&x_axis(
        &axis,
        "",
        "native faithful engine, positions examined (count, log scale)",
    ));
    s.push_str(&legend(&[
        (same, "a move both counted alike (on the diagonal)"),
        (differ, "a move counted differently"),
    ]));
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::exhibition::MachineMove;
    use crate::search::{faithful, Setting};
    use crate::times::Phase;

    /// What every plot the project writes must have, read from the SVG as XML: a title, both
    /// axes each with a line and a label naming its unit, the count on every bar, and a legend
    /// entry (swatch and name) for every fill the plot draws; everything inside the picture.
    fn check_plot(svg: &str) -> Result<(), String> {
        check_figure(svg, "seconds")
    }

    /// `check_plot` for a figure whose x axis counts `x_unit`; the bars are checked where
    /// there are bars.
    fn check_figure(svg: &str, x_unit: &str) -> Result<(), String> {
        let doc = roxmltree::Document::parse(svg).map_err(|e| format!("not XML: {e}"))?;
        let root = doc.root_element();
        if root.tag_name().name() != "svg" {
            return Err("root is not <svg>".into());
        }
        let size = |k| root.attribute(k).and_then(|v| v.parse::<f64>().ok());
        let (w, h) = (
            size("width").ok_or("no width")?,
            size("height").ok_or("no height")?,
        );
        let text = |n: roxmltree::Node| n.text().unwrap_or("").trim().to_string();
        let title = root
            .children()
            .find(|n| n.has_tag_name("title"))
            .map(text)
            .unwrap_or_default();
        if title.is_empty() {
            return Err("no <title>".into());
        }
        let group = |class: &str| {
            root.descendants()
                .find(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
                .ok_or(format!("no <g class=\"{class}\">"))
        };
        for (axis, unit) in [("x-axis", x_unit), ("y-axis", "count")] {
            let g = group(axis)?;
            if !g.descendants().any(|n| n.has_tag_name("line")) {
                return Err(format!("{axis}: no line"));
            }
            let label = g
                .descendants()
                .find(|n| n.attribute("class") == Some("label"))
                .map(text)
                .ok_or(format!("{axis}: no label"))?;
            if !label.contains(unit) {
                return Err(format!("{axis}: label {label:?} names no unit ({unit})"));
            }
        }
        // Every bar carries its count, and the same count is written beside it.
        let bars = match group("bars") {
            Ok(g) => g,
            Err(_) if x_unit != "seconds" => root,
            Err(e) => return Err(e),
        };
        let written: Vec<String> = bars
            .children()
            .filter(|n| n.has_tag_name("text"))
            .map(text)
            .collect();
        for bar in bars
            .children()
            .filter(|n| n.has_tag_name("rect") && root != bars)
        {
            let count = bar
                .children()
                .find(|n| n.has_tag_name("title"))
                .map(text)
                .ok_or("a bar without its count")?;
            count
                .parse::<u64>()
                .map_err(|_| format!("bar count {count:?}"))?;
            if !written.contains(&count) {
                return Err(format!("bar of {count}: the count is not written"));
            }
        }
        // A legend entry for every fill the plot uses outside the legend.
        let legend = group("legend")?;
        let named: Vec<(&str, String)> = legend
            .children()
            .filter(|n| n.attribute("class") == Some("entry"))
            .filter_map(|e| {
                let fill = e
                    .children()
                    .find(|n| n.has_tag_name("rect"))?
                    .attribute("fill")?;
                let name = e.children().find(|n| n.has_tag_name("text")).map(text)?;
                Some((fill, name))
            })
            .collect();
        for n in root
            .descendants()
            .filter(|n| n.has_tag_name("rect") || n.has_tag_name("circle"))
        {
            let fill = n.attribute("fill").unwrap_or("");
            if !named.iter().any(|(f, name)| *f == fill && !name.is_empty()) {
                return Err(format!("fill {fill} has no legend entry"));
            }
        }
        // Nothing drawn outside the picture (a broken scale shows here first).
        for n in root.descendants() {
            for (k, limit) in [
                ("cx", w),
                ("cy", h),
                ("x", w),
                ("y", h),
                ("x1", w),
                ("x2", w),
                ("y1", h),
                ("y2", h),
            ] {
                if let Some(v) = n.attribute(k).and_then(|v| v.parse::<f64>().ok()) {
                    if !(0.0..=limit).contains(&v) {
                        return Err(format!(
                            "<{}> {k}={v} outside 0..{limit}",
                            n.tag_name().name()
                        ));
                    }
                }
            }
        }
        labels_apart(&doc, w)
    }

    /// The box a text takes, from its position, anchor and font size (a character about 0.6
    /// of the size wide): (left, top, right, bottom).
    fn text_box(n: roxmltree::Node) -> Option<(f64, f64, f64, f64)> {
        let num = |k| n.attribute(k).and_then(|v: &str| v.parse::<f64>().ok());
        let (x, y) = (num("x")?, num("y")?);
        let size = num("font-size").unwrap_or(12.0);
        let width = n.text().unwrap_or("").chars().count() as f64 * 0.6 * size;
        let left = match n.attribute("text-anchor") {
            Some("middle") => x - width / 2.0,
            Some("end") => x - width,
            _ => x,
        };
        Some((left, y - 0.8 * size, left + width, y + 0.2 * size))
    }

    /// No two texts overlap (the rotated axis label, placed by a transform, aside), and none
    /// runs past the picture's right edge.
    fn labels_apart(doc: &roxmltree::Document, w: f64) -> Result<(), String> {
        let texts: Vec<(String, (f64, f64, f64, f64))> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| Some((n.text().unwrap_or("").to_string(), text_box(n)?)))
            .collect();
        for (i, (a, ba)) in texts.iter().enumerate() {
            if ba.2 > w {
                return Err(format!(
                    "{a:?} runs past the right edge ({:.0} > {w})",
                    ba.2
                ));
            }
            for (b, bb) in &texts[i + 1..] {
                if ba.0 < bb.2 && bb.0 < ba.2 && ba.1 < bb.3 && bb.1 < ba.3 {
                    return Err(format!("{a:?} and {b:?} overlap"));
                }
            }
        }
        Ok(())
    }

    fn report_with_times(seconds: &[f64]) -> ExhibitionReport {
        let moves = seconds
            .iter()
            .enumerate()
            .map(|(i, &t)| MachineMove {
                board: 1,
                half_move: i,
                position: Position::start().to_string(),
                mv: faithful(&Position::start(), Setting::DEMO).mv.unwrap(),
                value: 0,
                positions: 1,
                native_positions: 1,
                phase: Phase::Opening,
                period_ns: (t * 1e9) as u64,
            })
            .collect();
        ExhibitionReport {
            boards: 2,
            setting: "a3+b3".into(),
            moves,
            ..ExhibitionReport::default()
        }
    }

    /// The move-time plot, for a typical set of times, none, and times beyond both ends of
    /// the scale, has everything a reader needs (`check_plot`).
    #[test]
    fn the_move_time_plot_is_complete() {
        for times in [
            &[12.0, 14.5, 30.0, 31.0, 95.0, 0.4, 2.0][..],
            &[][..],
            &[0.0, 0.001, 5000.0, 1e6][..],
        ] {
            let svg = plot_svg(&report_with_times(times));
            if let Err(e) = check_plot(&svg) {
                panic!("{times:?}: {e}\n{svg}");
            }
            assert!(svg.contains(&format!("{} machine moves", times.len())));
        }
    }

    /// The tallest bar's count stays clear of the band's caption, wherever the bar is: every
    /// move in one bin, inside the band and at its left edge.
    #[test]
    fn the_tallest_count_clears_the_band_caption() {
        for t in [10.0, 11.0, 12.0, 40.0] {
            let svg = plot_svg(&report_with_times(&[t; 599]));
            if let Err(e) = check_plot(&svg) {
                panic!("{t}: {e}\n{svg}");
            }
        }
        // The check finds a caption moved onto the bars.
        let svg = plot_svg(&report_with_times(&[10.0; 599]));
        let moved = svg.replacen("y=\"44\">Findler", "y=\"60\">Findler", 1);
        assert!(check_plot(&moved).is_err(), "{moved}");
    }

    /// The time axis follows the data: from the 1-2-5 step at or below the fastest move to the
    /// one at or above the slowest (or the band's end), not from 0.1 s.
    #[test]
    fn the_time_axis_follows_the_data() {
        let axis = |v: &[f64]| LogAxis::over(v.iter().copied(), (1.0, 1.0));
        assert_eq!(axis(&[1.9, 10.0, 150.0]), LogAxis { lo: 1.0, hi: 200.0 });
        assert_eq!(axis(&[2.0, 10.0, 150.0]), LogAxis { lo: 2.0, hi: 200.0 });
        assert_eq!(
            axis(&[0.3, 600.0]),
            LogAxis {
                lo: 0.2,
                hi: 1000.0
            }
        );
        assert_eq!(axis(&[7.0]), LogAxis { lo: 5.0, hi: 10.0 });
        assert_eq!(axis(&[0.001, 1e6]), LogAxis { lo: 0.001, hi: 1e6 });
        let svg = plot_svg(&report_with_times(&[1.9, 12.0, 30.0, 95.0]));
        assert!(
            svg.contains(">1 s</text>") && svg.contains(">200 s</text>"),
            "{svg}"
        );
        assert!(!svg.contains(">0.1 s</text>"), "{svg}");
        assert_eq!(
            axis(&[1.0, 1000.0]).ticks(),
            vec![1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0]
        );
        assert_eq!(
            axis(&[1.0, 1e5]).ticks(),
            vec![1.0, 10.0, 100.0, 1000.0, 1e4, 1e5]
        );
    }

    /// The cross-check figure: a point a move, on the diagonal where the twins agree, in the
    /// mismatch colour where they do not; complete and legible as the time plot is.
    #[test]
    fn the_crosscheck_figure() {
        let mut r = report_with_times(&[12.0, 14.0, 30.0]);
        for (m, (e, n)) in r.moves.iter_mut().zip([(40, 40), (3000, 3000), (700, 650)]) {
            m.positions = e;
            m.native_positions = n;
        }
        let svg = crosscheck_svg(&r);
        if let Err(e) = check_figure(&svg, "positions") {
            panic!("{e}\n{svg}");
        }
        assert!(svg.contains("2 of 3 moves alike"), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 3);
        assert_eq!(svg.matches("fill=\"#c0392b\"><title>").count(), 1, "{svg}");
        let empty = crosscheck_svg(&report_with_times(&[]));
        check_figure(&empty, "positions").unwrap();
    }

    /// The check itself refuses a plot that lost its parts.
    #[test]
    fn the_plot_check_refuses_broken_plots() {
        let svg = plot_svg(&report_with_times(&[12.0, 40.0]));
        let title = svg.lines().find(|l| l.starts_with("<title>")).unwrap();
        for (from, to) in [
            (title, ""),
            ("machine moves (count a bin)", "machine moves"),
            ("seconds (log scale)", "(log scale)"),
            ("<g class=\"legend\">", "<g class=\"key\">"),
            ("<title>1</title>", ""),
            ("</svg>", ""),
        ] {
            assert!(svg.contains(from), "{from}");
            let broken = svg.replacen(from, to, 1);
            assert!(check_plot(&broken).is_err(), "accepted without {from}");
        }
    }
}

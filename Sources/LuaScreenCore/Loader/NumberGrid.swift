
/// Whether a number lies on a step grid, within a tolerance for decimal steps (0.7 is on a
/// 0.1 grid although 0.7 / 0.1 is 6.999...).
package enum NumberGrid {
    /// Whether `value` is `origin` plus a whole number of steps.
    static func isOnGrid(_ value: Double, step: Double, origin: Double) -> Bool {
        guard step > 0 else { return true }
        let q = steps(from: origin, to: value, step: step)
        return !q.isFinite || abs(q - q.rounded()) <= 1e-6 * max(1, abs(q))
    }

    /// `(value - origin) / step` without overflowing where the difference of two finite
    /// numbers near ±1.8e308 is not finite (then each is divided first); not finite only when
    /// the grid is finer than the numbers can tell apart.
    package static func steps(from origin: Double, to value: Double, step: Double) -> Double {
        let difference = value - origin
        return difference.isFinite ? difference / step : value / step - origin / step
    }
}

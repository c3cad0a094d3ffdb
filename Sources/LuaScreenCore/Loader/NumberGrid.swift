
/// Whether a number lies on a step grid, within a tolerance for decimal steps (0.7 is on a
/// 0.1 grid although 0.7 / 0.1 is 6.999...).
package enum NumberGrid {
    /// Whether `value` is `origin` plus a whole number of steps.
    static func isOnGrid(_ value: Double, step: Double, origin: Double) -> Bool {
        guard step > 0 else { return true }
        let q = (value - origin) / step
        return abs(q - q.rounded()) <= 1e-6 * max(1, abs(q))
    }
}

import ScreenModel

/// Whether a number lies on a step grid, within a tolerance for decimal steps (0.7 is on a
/// 0.1 grid although 0.7 / 0.1 is 6.999...), and how a number off it is said. The grid
/// counts from `min` (0 without one): `min = 1, step = 100` is 1, 101, 201, ...
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

    /// Why `value` is refused, for `check` and for a write alike: "off the grid from 1 in
    /// steps of 100 (nearest: 1901 or 2001)"; a neighbour past `maximum` is left out.
    static func offGrid(_ value: Double, step: Double, origin: Double, maximum: Double? = nil) -> String {
        let below = origin + ((value - origin) / step).rounded(.down) * step
        let neighbours = [below, below + step].map { ($0 * 1e9).rounded() / 1e9 }
            .filter { $0 >= origin && $0 <= (maximum ?? .infinity) }
        let nearest = neighbours.isEmpty ? "" : " (nearest: \(neighbours.map(StoreValue.format).joined(separator: " or ")))"
        return "off the grid from \(StoreValue.format(origin)) in steps of \(StoreValue.format(step))\(nearest)"
    }
}

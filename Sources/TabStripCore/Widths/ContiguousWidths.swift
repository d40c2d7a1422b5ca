/// Calls `body` with `widths` as a buffer of `Double`: in place when the
/// collection has contiguous storage (arrays, slices, buffers), on the stack
/// for a single width, in a temporary array otherwise.
///
/// Why the width indices take their generic input through this (and through
/// `Array(widths)`) in `@inlinable` front doors: unspecialized generic code
/// iterating an `Array` goes through its subscript's read coroutine, whose
/// frame is allocated on the heap for every element (48 bytes, about 100 ns
/// per width measured). Specialized in the caller's module, the conversion
/// costs a copy at most, and the non-generic code behind it reads a buffer.
@inlinable
func withContiguousWidths<C: Collection, R>(
    _ widths: C, _ body: (UnsafeBufferPointer<Double>) -> R
) -> R where C.Element == Double {
    if let result = widths.withContiguousStorageIfAvailable(body) {
        return result
    }
    if widths.count == 1 {
        // Through the iterator: `first` would go through a read coroutine.
        var iterator = widths.makeIterator()
        if let only = iterator.next() {
            return withUnsafePointer(to: only) { body(UnsafeBufferPointer(start: $0, count: 1)) }
        }
    }
    return Array(widths).withUnsafeBufferPointer(body)
}

/// The first width in `widths` that is negative, NaN or above
/// ``TabStripLimits/maximumLength`` (infinity included), as the
/// error naming the index it would have had (`firstIndex` for the first).
@usableFromInline
func firstInvalidWidth(in widths: UnsafeBufferPointer<Double>, firstIndex: Int) -> TabStripError? {
    for (offset, width) in widths.enumerated() where !(width >= 0 && width <= TabStripLimits.maximumLength) {
        return .invalidWidth(index: firstIndex + offset, value: width)
    }
    return nil
}

extension Array where Element == Double {
    /// Inserts `newWidths` at `index`.
    /// - Complexity: O(`count - index` + `newWidths.count`).
    mutating func insertWidths(_ newWidths: UnsafeBufferPointer<Double>, at index: Int) {
        let oldCount = count
        append(contentsOf: repeatElement(0, count: newWidths.count))
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            (base + index + newWidths.count).update(from: base + index, count: oldCount - index)
            if let source = newWidths.baseAddress {
                (base + index).update(from: source, count: newWidths.count)
            }
        }
    }
}

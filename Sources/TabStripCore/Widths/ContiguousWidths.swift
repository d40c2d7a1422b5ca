/// Calls `body` with `widths` as a buffer of `Double`: in place when the
/// collection has contiguous storage (arrays, slices, buffers), on the stack
/// for a single width, in a temporary array otherwise.
///
/// Why the width indices take their generic input through this (and through
/// `Array(widths)`) in `@inlinable` front doors: unspecialized generic code
/// iterating an `Array` goes through its subscript's read coroutine, whose
/// frame is allocated on the heap for every element. Specialized in the caller's module, the conversion
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
package func firstInvalidWidth(in widths: UnsafeBufferPointer<Double>, firstIndex: Int) -> TabStripError? {
    for (offset, width) in widths.enumerated() where !(width >= 0 && width <= TabStripLimits.maximumLength) {
        return .invalidWidth(index: firstIndex + offset, value: width)
    }
    return nil
}

extension Array where Element == Double {
    /// Inserts `newWidths` at `index`.
    /// - Complexity: O(`count - index` + `newWidths.count`).
    @usableFromInline package mutating func insertWidths(_ newWidths: UnsafeBufferPointer<Double>, at index: Int) {
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

/// The non-generic cores behind a width index's generic front doors: both
/// indices (`TabWidths`, and the flat reference index of the test support)
/// provide these, and the front doors that turn any sequence or collection
/// into a buffer or an array are written once, below.
@usableFromInline
package protocol ContiguousWidthIndex: TabWidthIndex {
    /// Creates an index from an array of widths.
    init(widthArray: [Double], spacing: Double) throws(TabStripError)
    /// Inserts validated-on-entry widths at a valid insertion index; returns
    /// the error (and changes nothing) when a width is invalid.
    mutating func insert(_ newWidths: UnsafeBufferPointer<Double>, at index: Int) -> TabStripError?
    /// Replaces every width from an array.
    mutating func replaceAll(widthArray: [Double]) throws(TabStripError)
}

extension ContiguousWidthIndex {
    /// The front door of `init(widths:spacing:)`: specialized for `S` in the
    /// caller, an array is passed on without a copy.
    @inlinable
    package init<S: Sequence>(contiguous widths: S, spacing: Double) throws(TabStripError) where S.Element == Double {
        try self.init(widthArray: Array(widths), spacing: spacing)
    }

    /// The front door of `insertTabs(widths:at:)`.
    @inlinable
    package mutating func insertContiguous<C: Collection>(_ newWidths: C, at index: Int) throws(TabStripError)
    where C.Element == Double {
        try TabStripError.requireInsertionIndex(index, in: count)
        // Before the widths are read: a collection may claim any count.
        try TabStripError.requireCount(count, adding: newWidths.count, atMost: TabStripLimits.maximumCount, "tabCount")
        let error = withContiguousWidths(newWidths) { insert($0, at: index) }
        if let error { throw error }
    }

    /// The front door of `replaceAllWidths(_:)`.
    @inlinable
    package mutating func replaceAllContiguous<S: Sequence>(_ newWidths: S) throws(TabStripError)
    where S.Element == Double {
        try replaceAll(widthArray: Array(newWidths))
    }
}

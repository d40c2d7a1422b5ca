import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct RubberBandTests {
    @Test func slopeAtTheEdgeIsTheCoefficient() throws {
        let band = try RubberBand(dimension: 390)
        #expect(band.coefficient == 0.55)
        #expect(band.slope(at: 0) == 0.55)
        for epsilon in [1e-3, 1e-5, 1e-7] {
            #expect(MotionTest.close(band.displayedOvershoot(for: epsilon) / epsilon, 0.55, relative: 2 * epsilon))
            #expect(MotionTest.close(band.displayedOvershoot(for: -epsilon) / -epsilon, 0.55, relative: 2 * epsilon))
        }
        let stiff = try RubberBand(dimension: 100, coefficient: 0.3)
        #expect(stiff.slope(at: 0) == 0.3)
    }

    @Test func handComputedValues() throws {
        let band = try RubberBand(dimension: 400)
        // x = D: (1 − 1/1.55) · D.
        #expect(MotionTest.close(band.displayedOvershoot(for: 400), (1 - 1 / 1.55) * 400, relative: 1e-15))
        // x = D / c: half of D.
        #expect(MotionTest.close(band.displayedOvershoot(for: 400 / 0.55), 200, relative: 1e-15))
        #expect(MotionTest.close(band.displayedOvershoot(for: -400 / 0.55), -200, relative: 1e-15))
        #expect(band.displayedOvershoot(for: 0) == 0)
        // Slope at x = D / c: c / 4.
        #expect(MotionTest.close(band.slope(at: 400 / 0.55), 0.55 / 4, relative: 1e-15))
    }

    @Test func alwaysBelowTheDimensionAndIncreasing() throws {
        var rng = SeededGenerator(seed: 0xBA)
        for _ in 0..<500 {
            let dimension = MotionTest.random(in: 1...2000, using: &rng)
            let band = try RubberBand(dimension: dimension)
            var previous = 0.0
            for step in 1...50 {
                let x = Double(step * step) * dimension / 10
                let y = band.displayedOvershoot(for: x)
                #expect(y < dimension && y > previous && y < 0.55 * x)
                #expect(band.slope(at: x) < 0.55 && band.slope(at: x) > 0)
                // The inverse recovers the overshoot.
                #expect(MotionTest.close(band.overshoot(forDisplayed: y), x, relative: 1e-9))
                previous = y
            }
            #expect(band.displayedOvershoot(for: 1e300) <= dimension)
        }
        let band = try RubberBand(dimension: 50)
        #expect(band.overshoot(forDisplayed: 50) == .infinity)
        #expect(band.overshoot(forDisplayed: -60) == -.infinity)
    }

    @Test func positionsInsideAndPastTheBounds() throws {
        let band = try RubberBand(dimension: 300)
        let bounds = 0.0...1000
        #expect(band.displayedPosition(for: 500, in: bounds) == 500)
        #expect(band.displayedPosition(for: 0, in: bounds) == 0)
        #expect(band.displayedPosition(for: 1000, in: bounds) == 1000)
        let past = band.displayedPosition(for: 1100, in: bounds)
        #expect(MotionTest.close(past, 1000 + band.displayedOvershoot(for: 100), relative: 1e-15))
        let before = band.displayedPosition(for: -100, in: bounds)
        #expect(MotionTest.close(before, -band.displayedOvershoot(for: 100), relative: 1e-15))
        for x in [-5000.0, -1, 0, 3, 999, 1000, 1000.5, 1e5] {
            let shown = band.displayedPosition(for: x, in: bounds)
            #expect(
                MotionTest.close(
                    band.draggedPosition(forDisplayed: shown, in: bounds), x, absolute: 1e-9, relative: 1e-9))
        }
        // Physics without bouncing clamps instead.
        #expect(ScrollPhysics.standard.displayedPosition(forDragTo: -40, in: bounds) == 0)
        #expect(ScrollPhysics.standard.displayedPosition(forDragTo: 1040, in: bounds) == 1000)
        let bouncy = try ScrollPhysics(bounce: .init(rubberBand: band))
        #expect(bouncy.displayedPosition(forDragTo: 1100, in: bounds) == past)
    }

    @Test func rejectsBadParameters() {
        for bad in [0.0, -1, .nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "dimension", value: bad)) {
                try RubberBand(dimension: bad)
            }
            #expect(throws: TabStripError.invalidValue(name: "coefficient", value: bad)) {
                try RubberBand(dimension: 10, coefficient: bad)
            }
            #expect(throws: TabStripError.invalidValue(name: "angularFrequency", value: bad)) {
                try BounceSpring(angularFrequency: bad)
            }
            #expect(throws: TabStripError.invalidValue(name: "stiffness", value: bad)) {
                try BounceSpring(stiffness: bad)
            }
            #expect(throws: TabStripError.invalidValue(name: "mass", value: bad)) {
                try BounceSpring(stiffness: 1, mass: bad)
            }
            #expect(throws: TabStripError.invalidValue(name: "restThreshold", value: bad)) {
                try ScrollPhysics(restThreshold: bad)
            }
            #expect(throws: TabStripError.invalidValue(name: "maximumSpeed", value: bad)) {
                try ScrollPhysics(maximumSpeed: bad)
            }
        }
    }

    @Test func springFromStiffnessAndMass() throws {
        #expect(try BounceSpring(stiffness: 100, mass: 0.5) == .standard)
        #expect(try BounceSpring(stiffness: 400).angularFrequency == 20)
        let omega = BounceSpring.standard.angularFrequency
        #expect(MotionTest.close(omega * omega, 200, relative: 1e-15))
    }
}

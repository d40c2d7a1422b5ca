import TabStripCore

extension Fling {
    /// Checks the plan's internal consistency (debug builds only).
    @usableFromInline package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(finishTime >= startTime, "a fling finishes before it starts")
            precondition(
                restingPosition >= bounds.lowerBound && restingPosition <= bounds.upperBound,
                "a fling rests outside its bounds")
            precondition(startVelocity.magnitude <= physics.maximumSpeed, "release speed above the maximum")
            if let glide {
                precondition(glide.startTime >= startTime && glide.startTime <= glideEnd, "glide out of order")
                precondition(
                    glide.position >= bounds.lowerBound && glide.position <= bounds.upperBound,
                    "a glide starts outside the bounds")
            }
            if let returnSpring {
                precondition(returnSpring.a > 0 && returnSpring.startTime == startTime, "bad return spring")
                precondition(physics.bounce != nil, "a spring without bouncing")
            }
            if let overshoot {
                precondition(overshoot.a == 0 && overshoot.b >= 0, "bad overshoot spring")
                precondition(overshoot.startTime == glideEnd, "overshoot does not follow the glide")
                precondition(physics.bounce != nil, "a spring without bouncing")
            }
            if let edgeContactTime {
                precondition(edgeContactTime >= startTime && edgeContactTime <= finishTime, "edge contact out of order")
            }
        #endif
    }
}

import FoundationEssentials

extension Localizer {
    /// A trip's alert: "Banpo Lot 2: about 3 spaces at 15:10" and why, naming the lot to try instead when there is
    /// one. The words of the phone's push and of `hangangjari go LOT --leave now`'s desktop alert.
    public func tripAlert(
        lot: String, spaces: Int, arrival: Date, margin: Int, alternative: (lot: String, spaces: Int, arrival: Date)?
    ) -> (title: String, body: String) {
        let title = self(.alertTripTitle, lot, Self.grouped(spaces), Self.seoulClock(arrival))
        guard let alternative else { return (title, self(.alertTripNoAlternative, margin)) }
        return (
            title,
            self(
                .alertTripBody, margin, alternative.lot, Self.grouped(alternative.spaces),
                Self.seoulClock(alternative.arrival))
        )
    }
}

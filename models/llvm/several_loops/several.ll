; ModuleID = 'several.c'
source_filename = "several.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @find_then_find(ptr noundef readonly align 4 captures(none) dereferenceable(256) %0, ptr noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  br label %4

4:                                                ; preds = %3, %9
  %5 = phi i64 [ 0, %3 ], [ %10, %9 ]
  %6 = getelementptr inbounds nuw i32, ptr %0, i64 %5
  %7 = load i32, ptr %6, align 4, !tbaa !5
  %8 = icmp eq i32 %7, %2
  br i1 %8, label %12, label %9

9:                                                ; preds = %4
  %10 = add nuw nsw i64 %5, 1
  %11 = icmp eq i64 %10, 64
  br i1 %11, label %14, label %4, !llvm.loop !9

12:                                               ; preds = %4
  %13 = trunc nuw nsw i64 %5 to i32
  br label %14

14:                                               ; preds = %9, %12
  %15 = phi i32 [ %13, %12 ], [ 64, %9 ]
  br label %16

16:                                               ; preds = %14, %21
  %17 = phi i64 [ 0, %14 ], [ %22, %21 ]
  %18 = getelementptr inbounds nuw i32, ptr %1, i64 %17
  %19 = load i32, ptr %18, align 4, !tbaa !5
  %20 = icmp eq i32 %19, %2
  br i1 %20, label %24, label %21

21:                                               ; preds = %16
  %22 = add nuw nsw i64 %17, 1
  %23 = icmp eq i64 %22, 64
  br i1 %23, label %26, label %16, !llvm.loop !12

24:                                               ; preds = %16
  %25 = trunc nuw nsw i64 %17 to i32
  br label %26

26:                                               ; preds = %21, %24
  %27 = phi i32 [ %25, %24 ], [ 64, %21 ]
  %28 = add nuw nsw i32 %27, %15
  ret i32 %28
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @find_then_continue(ptr noundef readonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  br label %4

4:                                                ; preds = %3, %9
  %5 = phi i64 [ 0, %3 ], [ %10, %9 ]
  %6 = getelementptr inbounds nuw i32, ptr %0, i64 %5
  %7 = load i32, ptr %6, align 4, !tbaa !5
  %8 = icmp eq i32 %7, %1
  br i1 %8, label %12, label %9

9:                                                ; preds = %4
  %10 = add nuw nsw i64 %5, 1
  %11 = icmp eq i64 %10, 64
  br i1 %11, label %25, label %4, !llvm.loop !13

12:                                               ; preds = %4
  %13 = trunc nuw nsw i64 %5 to i32
  %14 = icmp samesign ult i64 %5, 64
  br i1 %14, label %15, label %25

15:                                               ; preds = %12, %20
  %16 = phi i64 [ %21, %20 ], [ %5, %12 ]
  %17 = getelementptr inbounds nuw i32, ptr %0, i64 %16
  %18 = load i32, ptr %17, align 4, !tbaa !5
  %19 = icmp eq i32 %18, %2
  br i1 %19, label %23, label %20

20:                                               ; preds = %15
  %21 = add nuw nsw i64 %16, 1
  %22 = icmp eq i64 %21, 64
  br i1 %22, label %25, label %15, !llvm.loop !14

23:                                               ; preds = %15
  %24 = trunc nuw nsw i64 %16 to i32
  br label %25

25:                                               ; preds = %9, %20, %23, %12
  %26 = phi i32 [ %13, %12 ], [ 64, %20 ], [ %24, %23 ], [ 64, %9 ]
  ret i32 %26
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @search_then_sum(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #0 {
  br label %3

3:                                                ; preds = %2, %8
  %4 = phi i64 [ 0, %2 ], [ %9, %8 ]
  %5 = getelementptr inbounds nuw i32, ptr %0, i64 %4
  %6 = load i32, ptr %5, align 4, !tbaa !5
  %7 = icmp eq i32 %6, %1
  br i1 %7, label %11, label %8

8:                                                ; preds = %3
  %9 = add nuw nsw i64 %4, 1
  %10 = icmp eq i64 %9, 64
  br i1 %10, label %13, label %3, !llvm.loop !15

11:                                               ; preds = %3
  %12 = trunc nuw nsw i64 %4 to i32
  br label %13

13:                                               ; preds = %8, %11
  %14 = phi i32 [ %12, %11 ], [ 64, %8 ]
  br label %17

15:                                               ; preds = %17
  %16 = add nsw i32 %22, %14
  ret i32 %16

17:                                               ; preds = %13, %17
  %18 = phi i64 [ 0, %13 ], [ %23, %17 ]
  %19 = phi i32 [ 0, %13 ], [ %22, %17 ]
  %20 = getelementptr inbounds nuw i32, ptr %0, i64 %18
  %21 = load i32, ptr %20, align 4, !tbaa !5
  %22 = add nsw i32 %21, %19
  %23 = add nuw nsw i64 %18, 1
  %24 = icmp eq i64 %23, 64
  br i1 %24, label %15, label %17, !llvm.loop !16
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @one_or_other(ptr noundef readonly align 4 captures(none) dereferenceable(256) %0, ptr noundef readonly captures(none) %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = icmp eq i32 %2, 1
  br i1 %5, label %10, label %6

6:                                                ; preds = %4
  %7 = icmp sgt i32 %2, 0
  br i1 %7, label %8, label %30

8:                                                ; preds = %6
  %9 = zext nneg i32 %2 to i64
  br label %18

10:                                               ; preds = %4, %15
  %11 = phi i64 [ %16, %15 ], [ 0, %4 ]
  %12 = getelementptr inbounds nuw i32, ptr %0, i64 %11
  %13 = load i32, ptr %12, align 4, !tbaa !5
  %14 = icmp eq i32 %13, %3
  br i1 %14, label %26, label %15

15:                                               ; preds = %10
  %16 = add nuw nsw i64 %11, 1
  %17 = icmp eq i64 %16, 64
  br i1 %17, label %30, label %10, !llvm.loop !17

18:                                               ; preds = %8, %23
  %19 = phi i64 [ 0, %8 ], [ %24, %23 ]
  %20 = getelementptr inbounds nuw i32, ptr %1, i64 %19
  %21 = load i32, ptr %20, align 4, !tbaa !5
  %22 = icmp eq i32 %21, %3
  br i1 %22, label %28, label %23

23:                                               ; preds = %18
  %24 = add nuw nsw i64 %19, 1
  %25 = icmp eq i64 %24, %9
  br i1 %25, label %30, label %18, !llvm.loop !18

26:                                               ; preds = %10
  %27 = trunc nuw nsw i64 %11 to i32
  br label %30

28:                                               ; preds = %18
  %29 = trunc nuw nsw i64 %19 to i32
  br label %30

30:                                               ; preds = %23, %15, %28, %26, %6
  %31 = phi i32 [ 0, %6 ], [ 64, %15 ], [ %27, %26 ], [ %29, %28 ], [ %2, %23 ]
  ret i32 %31
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @rows_find_then_find(ptr noundef readonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %1, 0
  br i1 %4, label %5, label %42

5:                                                ; preds = %3
  %6 = sub nsw i32 0, %2
  %7 = zext nneg i32 %1 to i64
  br label %8

8:                                                ; preds = %5, %37
  %9 = phi i64 [ 0, %5 ], [ %38, %37 ]
  %10 = getelementptr inbounds nuw [16 x i32], ptr %0, i64 %9
  br label %11

11:                                               ; preds = %8, %16
  %12 = phi i64 [ 0, %8 ], [ %17, %16 ]
  %13 = getelementptr inbounds nuw i32, ptr %10, i64 %12
  %14 = load i32, ptr %13, align 4, !tbaa !5
  %15 = icmp eq i32 %14, %2
  br i1 %15, label %19, label %16

16:                                               ; preds = %11
  %17 = add nuw nsw i64 %12, 1
  %18 = icmp eq i64 %17, 16
  br i1 %18, label %21, label %11, !llvm.loop !19

19:                                               ; preds = %11
  %20 = trunc nuw nsw i64 %12 to i32
  br label %21

21:                                               ; preds = %16, %19
  %22 = phi i32 [ %20, %19 ], [ 16, %16 ]
  br label %23

23:                                               ; preds = %21, %28
  %24 = phi i64 [ 0, %21 ], [ %29, %28 ]
  %25 = getelementptr inbounds nuw i32, ptr %10, i64 %24
  %26 = load i32, ptr %25, align 4, !tbaa !5
  %27 = icmp eq i32 %26, %6
  br i1 %27, label %31, label %28

28:                                               ; preds = %23
  %29 = add nuw nsw i64 %24, 1
  %30 = icmp eq i64 %29, 16
  br i1 %30, label %33, label %23, !llvm.loop !20

31:                                               ; preds = %23
  %32 = trunc nuw nsw i64 %24 to i32
  br label %33

33:                                               ; preds = %28, %31
  %34 = phi i32 [ %32, %31 ], [ 16, %28 ]
  %35 = add nuw nsw i32 %34, %22
  %36 = icmp samesign ugt i32 %35, 9
  br i1 %36, label %37, label %40

37:                                               ; preds = %33
  %38 = add nuw nsw i64 %9, 1
  %39 = icmp eq i64 %38, %7
  br i1 %39, label %42, label %8, !llvm.loop !21

40:                                               ; preds = %33
  %41 = trunc nuw nsw i64 %9 to i32
  br label %42

42:                                               ; preds = %37, %40, %3
  %43 = phi i32 [ -1, %3 ], [ %41, %40 ], [ -1, %37 ]
  ret i32 %43
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = distinct !{!12, !10, !11}
!13 = distinct !{!13, !10, !11}
!14 = distinct !{!14, !10, !11}
!15 = distinct !{!15, !10, !11}
!16 = distinct !{!16, !10, !11}
!17 = distinct !{!17, !10, !11}
!18 = distinct !{!18, !10, !11}
!19 = distinct !{!19, !10, !11}
!20 = distinct !{!20, !10, !11}
!21 = distinct !{!21, !10, !11}
